// A source's statement classified by epistemic status (status-names.ts lists them, with what each
// means) from its wording and its section, and the confidence a chain's statuses give.
import { EPISTEMIC_STATUSES, type EpistemicStatus } from './status-names.js';
import { EVIDENCE_TUNING } from './tuning.js';

const RULES: [EpistemicStatus, RegExp][] = [
  [
    'forward_looking',
    new RegExp(
      String.raw`\b(?:expects?|expected|anticipates?|anticipated|plans?|planned|intends?|will|forecasts?|outlook` +
        String.raw`|guidance|projects?|projected|targets?|aims?|going forward|in the future|next (?:year|fiscal))\b`,
      'i',
    ),
  ],
  [
    'hedged',
    /\b(?:may|might|could|possibly|potential(?:ly)?|uncertain(?:ty|ties)?|subject to|no assurance|cannot (?:assure|predict|guarantee))\b/i,
  ],
  ['estimate', /\b(?:approximately|estimated?|estimates|about \$|roughly|around \$)\b/i],
  ['risk_disclosure', /\b(?:adversely affect|adverse effect|material adverse|risks?\b|exposed to|vulnerab\w+)/i],
  ['management_assessment', /\b(?:we believe|management believes|we consider|in our (?:opinion|view|judgment)|we are confident)\b/i],
  [
    'legal_matter',
    /\b(?:litigation|lawsuits?|plaintiffs?|defendants?|court|settlement|class action|legal proceedings|indictment|subpoena|investigation)\b/i,
  ],
  [
    'accounting_policy',
    new RegExp(
      String.raw`\b(?:we recognize|is recognized|are recognized|in accordance with (?:u\.?s\.? )?gaap` +
        String.raw`|accounting (?:policy|policies|standard)|asc \d+|measured at fair value)\b`,
      'i',
    ),
  ],
];

export function classify(text: string, kind: string, itemTag: string): EpistemicStatus[] {
  const out = new Set<EpistemicStatus>();
  if (itemTag === '10K-Item-1A' || itemTag === '10Q-Part2-Item-1A') out.add('risk_disclosure');
  if (itemTag === '10K-Item-3' || itemTag === '10Q-Part2-Item-1') out.add('legal_matter');
  for (const [status, re] of RULES) if (re.test(text)) out.add(status);
  if (kind === 'row' || kind === 'caption' || kind === 'header') out.add('reported_fact');
  else if (!out.has('forward_looking') && !out.has('hedged') && !out.has('risk_disclosure')) out.add('reported_fact');
  return EPISTEMIC_STATUSES.filter((s) => out.has(s));
}

/** Confidence in one entry's fact: its weakest status, more sources adding support, how well it
 * matches the question. 0..1, two decimals. */
export function confidence(statuses: EpistemicStatus[][], coverage: number): number {
  const c = EVIDENCE_TUNING.confidence;
  const all = statuses.flat();
  const base = all.length ? Math.min(...all.map((s) => c.base[s])) : c.unclassified;
  const support = Math.min(c.maxSupport, c.perSource * (statuses.length - 1));
  const value = (base + support) * (c.coverageFloor + c.coverageShare * coverage);
  return Math.round(Math.min(c.max, value) * 100) / 100;
}
