// The kinds a passage answers and never a figure (the drivers of a change, an acquisition, a brand, a
// risk, a place), and what the answer says first when no filing in the index answers one: a plain
// decline naming what was asked, never the nearest figure or an unrelated claim.
import type { QuestionKind } from '../../question/kind.js';
import type { Reading } from '../../question/reading.js';
import { owner } from './block.js';
import { wordFacts } from '../../question/derived.js';

/** Kinds of question answered by what a filing says, never by a figure. */
export const PASSAGE_KINDS: ReadonlySet<QuestionKind> = new Set(['drivers', 'acquisitions', 'products', 'risk', 'headquarters']);

/** The words naming what was asked about, as the question wrote them ("stock price", "reliance on
 * TSMC"): those the reading took for a measure, a search or nothing. */
function subject(r: Reading): string {
  const asked = r.words.filter((w) => w.role === 'measure' || w.role === 'qualifier' || w.role === 'search' || w.role === 'unread');
  return asked
    .filter((w) => !wordFacts(w).stop)
    .map((w) => w.text)
    .join(' ');
}

/** The decline's sentence for a passage kind no filing answered. */
export function declineOf(r: Reading, names: Map<string, string>, fiscalNaming?: Map<string, number>): string {
  const tickers = [...new Set(r.companies.map((c) => c.ticker))];
  const who = tickers.length > 0 ? tickers.map((t) => names.get(t) ?? t).join(' and ') : 'the company';
  // The year as the company names it (Ulta's FY-2024 is its fiscal 2023).
  const offset = tickers.length === 1 ? (fiscalNaming?.get(tickers[0]!) ?? 0) : 0;
  const years = [...new Set(r.period.years)].sort((a, b) => b - a).map((y) => y + offset);
  const year = r.period.latest || years.length === 0 ? '' : ` in fiscal ${years.join(' or ')}`;
  const what = subject(r);
  switch (r.kind) {
    case 'acquisitions':
      return `The filings in the index do not report an acquisition ${who} completed${year}.`;
    case 'products':
      return `The filings in the index do not list ${owner(who)} brands or products.`;
    case 'headquarters':
      return `The filings in the index do not state where ${who} is headquartered.`;
    case 'drivers':
      return `The filings in the index do not state what drove ${what ? `“${what}”` : 'the change asked about'} for ${who}${year}.`;
    default:
      return `The filings in the index do not state how ${who} is exposed to ${what ? `“${what}”` : 'the risk asked about'}.`;
  }
}
