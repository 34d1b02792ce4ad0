// The epistemic statuses a source's statement can have, below both their classifier (statuses.ts)
// and the confidence each is given (tuning.ts): what kind of statement a source makes.
//   reported_fact          a figure or a past event the filer reports (table rows, past-tense facts)
//   forward_looking        expectations, plans, guidance ("expect", "will", "plan", "outlook")
//   hedged                 qualified or conditional ("may", "could", "subject to", "uncertain")
//   estimate               an approximation or estimate ("approximately", "estimated")
//   risk_disclosure        a stated risk (Item 1A, or "could adversely affect")
//   management_assessment  the filer's own judgement ("we believe", "management considers")
//   legal_matter           litigation, claims, regulatory proceedings
//   accounting_policy      how figures are measured ("we recognize revenue when", "in accordance with GAAP")
export const EPISTEMIC_STATUSES = [
  'reported_fact',
  'forward_looking',
  'hedged',
  'estimate',
  'risk_disclosure',
  'management_assessment',
  'legal_matter',
  'accounting_policy',
] as const;
export type EpistemicStatus = (typeof EPISTEMIC_STATUSES)[number];
