// "Who audits HPE?": the firm that signed the report of the independent registered public accounting
// firm ("/s/ Ernst & Young LLP") in the evidence, with the year it says it has served since. A person's
// signature ("/s/ Antonio F. Neri") names no firm; a firm named only in prose is left to the claims.
import type { EvidenceChain, EvidenceEntry, SourceRef } from '../evidence/types.js';

export const SIGNED = /\/s\/\s*([A-Z][A-Za-z&.,' -]{2,80}?\b(?:LLP|L\.L\.P\.|LLC|& Co\.?))\s*(?:$|\n)/;
// "the Company's", "the Companys" (the apostrophe lost), "Apple Inc.s", "the Firm's"; "since at least
// 1934" when the firm cannot tell.
export const SINCE = /\bserved as (?:the )?[A-Z][\w.&,' -]{0,60}?['\u2019]?s auditor since (?:at least )?(\d{4})\b/i;

export interface Auditor {
  firm: string;
  source: SourceRef;
  /** The entries that show the signature and, when stated, the first year of service. */
  signed: EvidenceEntry;
  since?: { year: string; entry: EvidenceEntry };
}

/** The auditors the evidence shows, one per company, newest filing first. */
export function auditorsIn(chains: EvidenceChain[]): Auditor[] {
  const found = new Map<string, Auditor>();
  const texts = (e: EvidenceEntry) => [e.consensus, ...e.sources.flatMap((s) => s.context)];
  for (const c of chains) {
    for (const e of c.entries) {
      const firm = texts(e)
        .map((t) => SIGNED.exec(t)?.[1])
        .find(Boolean);
      if (!firm) continue;
      const source = e.sources[0]!.source;
      const ticker = source.filing.sec_ticker ?? source.filing.cik;
      const had = found.get(ticker);
      if (had && had.source.filing.period_of_report >= source.filing.period_of_report) continue;
      found.set(ticker, { firm: firm.replace(/\s+/g, ' ').trim(), source, signed: e });
    }
  }
  for (const a of found.values()) {
    for (const c of chains) {
      for (const e of c.entries) {
        const m = e.sources.some((s) => s.source.filing.id === a.source.filing.id)
          ? texts(e)
              .map((t) => SINCE.exec(t)?.[1])
              .find(Boolean)
          : undefined;
        if (m && !a.since) a.since = { year: m, entry: e };
      }
    }
  }
  return [...found.values()];
}
