// The auditor as a report shows it: the firm that signed the report of the independent registered
// public accounting firm ("/s/ Ernst & Young LLP") and the year it says it has served since, read from
// the report's own statements, so the answer does not depend on retrieval having found the signature.
import type { FilingRow, StatementRow } from '../../index/types.js';
import { SIGNED, SINCE } from '../auditor.js';
import { sectionStatements, type FilingReader } from './reader.js';

export interface SignedReport {
  firm: string;
  signed: StatementRow;
  since?: { year: string; statement: StatementRow };
}

/** The signed report of an independent registered public accounting firm in a report: the one that
 * states the firm's tenure (the audit of the financial statements, not of internal control), else the
 * first. */
export function signedReport(reader: FilingReader, filing: FilingRow): SignedReport | undefined {
  const all = sectionStatements(reader, filing, ['10K-Item-8', '10K-Item-9A', '10K-Item-15']);
  let first: SignedReport | undefined;
  for (let i = 0; i < all.length; i++) {
    const firm = SIGNED.exec(`${all[i]!.text}\n`)?.[1];
    if (!firm) continue;
    // The tenure sentence sits just after the signature, or after the city and date under it.
    const near = all.slice(Math.max(0, i - 3), i + 6);
    const since = near.map((s) => ({ s, year: SINCE.exec(s.text)?.[1] })).find((x) => x.year);
    const report = {
      firm: firm.replace(/\s+/g, ' ').trim(),
      signed: all[i]!,
      ...(since ? { since: { year: since.year!, statement: since.s } } : {}),
    };
    if (report.since) return report;
    first ??= report;
  }
  return first;
}
