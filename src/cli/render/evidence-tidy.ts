// What the reading view leaves out of parsed evidence (the evidence text itself, in JSON, --evidence-only
// and the XML format, is untouched): entries that say nothing (a table row of dashes, "— — —"), and the
// auditor's report heading a statement's caption picked up from the page before it ("Report of
// Independent Registered Public Accounting Firm ... / THE COCA-COLA COMPANY / CONSOLIDATED STATEMENTS").
import type { EvidenceChainView, EvidenceEntry, ParsedEvidence } from './evidence-parse.js';

const SAYS_SOMETHING = /[\p{L}\p{N}]/u;
const AUDITOR_REPORT = /\breport of independent (?:registered public accounting firm|auditors?)\b|\bindependent auditors?'? report\b/i;

/** A caption path without the auditor's report among its parts; text that is not a path is kept. */
export function withoutAuditorHeading(text: string): string {
  if (!AUDITOR_REPORT.test(text) || !text.includes(' / ')) return text;
  const parts = text.split(' / ').filter((p) => !AUDITOR_REPORT.test(p));
  return parts.length > 0 ? parts.join(' / ') : text;
}

const emptyEntry = (e: EvidenceEntry) =>
  !SAYS_SOMETHING.test(e.consensus) && e.context.length === 0 && e.notes.every((n) => n.context.length === 0);

function tidyEntry(e: EvidenceEntry): EvidenceEntry {
  return {
    ...e,
    context: e.context.map(withoutAuditorHeading),
    notes: e.notes.map((n) => ({ ...n, context: n.context.map(withoutAuditorHeading) })),
  };
}

function tidyChain(c: EvidenceChainView): EvidenceChainView {
  return {
    ...c,
    facet: c.facet === undefined ? undefined : withoutAuditorHeading(c.facet),
    entries: c.entries.filter((e) => !emptyEntry(e)).map(tidyEntry),
  };
}

export function tidyEvidence(ev: ParsedEvidence): ParsedEvidence {
  return { ...ev, chains: ev.chains.map(tidyChain) };
}
