// What an 8-K announced: the text of its items (Item 2.02, 8.01, 5.02, ...), never Item 9.01's exhibit
// list, the signature block or the language that furnishes an exhibit or says how far it is "filed".
// The 8-K is the one whose date the question gives ("August 30, 2023", "May 2023"), else the latest.
import type { FilingRow, SectionRow, StatementRow } from '../../index/types.js';
import type { WrittenDate } from '../../question/dates.js';
import { isBoilerplate } from './boilerplate.js';
import type { FilingReader } from './reader.js';
import { ANSWER_TUNING } from '../tuning.js';

const Q = ANSWER_TUNING.qualitative;

export interface AnnouncedItem {
  section: SectionRow;
  sentences: StatementRow[];
}

// Sentences about the announcement's paperwork, not its news: non-GAAP disclaimers, conference-call
// logistics, where the press release is.
const PAPERWORK = new RegExp(
  [
    String.raw`\bnon-gaap\b|\breconciliation\b|\bconference call\b|\bwebcast\b`,
    String.raw`\ba copy of the (?:press release|presentation)\b|\bavailable (?:on|under|at) (?:the|our)\b[^.]*\bwebsite\b`,
    String.raw`\binformation (?:contained )?on (?:the|our) [\w ]*website\b`,
  ].join('|'),
  'i',
);
const SKIP_ITEM = /^8K-Item-9\.01$|^8K-Cover$/;

/** The 8-K a question asks about among a company's 8-Ks: the one of a date it writes (the Reading's
 * `dates`), else the latest. */
export function pickCurrentReport(filings: FilingRow[], dates: WrittenDate[]): FilingRow | undefined {
  const reports = filings.filter((f) => f.sec_form_type === '8-K').sort((a, b) => (a.period_of_report < b.period_of_report ? 1 : -1));
  if (dates.length === 0) return reports[0];
  const on = (iso: string, d: WrittenDate) => {
    const [y, m, day] = iso.split('-').map(Number);
    return y === d.year && m === d.month && (d.day === undefined || Math.abs(day! - d.day) <= 1);
  };
  return reports.find((f) => dates.some((d) => on(f.period_of_report, d) || on(f.report_filing_date, d)));
}

/** The items of an 8-K with the sentences that say what it announced, at most `perItem` each. */
export function announced(reader: FilingReader, filing: FilingRow, perItem = Q.announcedPerItem): AnnouncedItem[] {
  const out: AnnouncedItem[] = [];
  for (const section of reader.sections(filing.id)) {
    if (SKIP_ITEM.test(section.item_tag) || !section.item_tag.startsWith('8K-Item-')) continue;
    const sentences = reader
      .statements(section.first_statement, section.last_statement)
      .filter((s) => s.kind === 'sentence' && s.text.length >= Q.minSentenceChars && !isBoilerplate(s.text) && !PAPERWORK.test(s.text))
      .slice(0, perItem);
    if (sentences.length > 0) out.push({ section, sentences });
  }
  return out;
}
