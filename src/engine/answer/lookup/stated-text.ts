// Operations' results a sentence states, read for a share or a change the rows do not give: the share of
// a whole ("20% of our net sales ... customers in China") and a percentage change ("the DMS segment net
// revenue increased 8%"), each from the sentences of the filings that report the period.
import type { FilingRow } from '../../index/types.js';
import type { Measure } from '../../question/reading.js';
import type { PeriodAsk } from './columns.js';
import type { FigureFinder } from './find.js';
import { reportingFilings } from './reporting.js';
import type { FindContext, Found } from './found.js';
import { asked } from './asked.js';
import { labelStems } from './label-words.js';
import { amountChangeIn, changeIn } from './text-change.js';
import { shareIn } from './text-share.js';

/** The share of `whole` a sentence states for `part` (its qualifiers) at `p` ("approximately 20% of our
 * net sales in fiscal 2023 were made to customers in China"), as a fraction. */
export function shareInText(finder: FigureFinder, part: Measure, whole: Measure, p: PeriodAsk, ctx: FindContext): Found | undefined {
  const w = asked(whole, ctx.company);
  const a = asked(part, ctx.company);
  // The part's own words: its qualifiers, or (a part asked by a label: "workforce located in EMEA") the
  // words its label says beyond the whole's.
  const own = a.quals.length > 0 ? a.quals : a.say.filter((x) => !w.say.includes(x));
  const ask = { part: own, whole: [w.say, ...w.labels] };
  const partWords = (a.quals.length > 0 ? part.qualifiers.flatMap((q) => q.split(/\s+/)) : part.words).filter(
    (x) => /[a-z]{2}/i.test(x) && !whole.words.includes(x),
  );
  if (own.length === 0 || own.length === a.say.length || partWords.length === 0) return undefined;
  // The part's words and the whole's, as the sentence says them both; then the part's alone (the whole
  // by another of its names: "employees" for a workforce).
  const words = [...partWords, ...whole.words].filter((x) => /[a-z]{2}/i.test(x));
  const quarterly = (f: FilingRow) => f.sec_form_type.startsWith('10-Q');
  const filings = reportingFilings(ctx.filings, p).filter((f) => (p.quarter === undefined) !== quarterly(f));
  for (const e of [...finder.sentences(words, filings, ctx), ...finder.sentences(partWords, filings, ctx)]) {
    const src = e.sources[0];
    const filing = src?.source.filing;
    if (!src || filing?.sec_ticker !== ctx.ticker || !filings.some((f) => f.id === filing.id)) continue;
    const q = p.quarter !== undefined ? { quarter: p.quarter, months: p.months ?? 3, fye: filing.sec_fiscal_year_end ?? '' } : undefined;
    const r = shareIn(ask, e.consensus, p.year, Number(filing.sec_fiscal_year.slice(3)), q);
    if (r)
      return {
        kind: 'text',
        text: { ...r, unit: 'percent', sentence: e.consensus, statementId: src.statementIds[0]!, filing, year: p.year },
      };
  }
  return undefined;
}

/** The percentage change of `m` a sentence of its year's annual report states ("the DMS segment net
 * revenue increased 8%"), as a signed fraction. */
export function changeInText(finder: FigureFinder, m: Measure, p: PeriodAsk, ctx: FindContext): Found | undefined {
  const a = asked(m, ctx.company);
  // ("volume" the filing may leave out: "a decline in units of 15.2%" for the unit volume.)
  const words = [...m.words, ...m.qualifiers.flatMap((q) => q.split(/\s+/))].filter((w) => /[a-z]{2}/i.test(w) && !/^volumes?$/i.test(w));
  const filings = reportingFilings(ctx.filings, p).filter((f) => f.sec_form_type.startsWith('10-K'));
  let found: Found | undefined;
  for (const e of finder.sentences(words, filings, ctx)) {
    const src = e.sources[0];
    const filing = src?.source.filing;
    if (!src || filing?.sec_ticker !== ctx.ticker || !filings.some((f) => f.id === filing.id)) continue;
    const r = changeIn(a, e.consensus, p.year, Number(filing.sec_fiscal_year.slice(3)));
    // Sentences that state it differently (a part's section of the report each): none is the one asked.
    if (r && found?.kind === 'text' && found.text.amount !== r.amount) return undefined;
    if (r && !found)
      found = {
        kind: 'text',
        text: { ...r, unit: 'percent', sentence: e.consensus, statementId: src.statementIds[0]!, filing, year: p.year },
      };
  }
  return found;
}

/** The change of money of `m` a sentence of its year's annual report states ("Net income in the year
 * ended December 31, 2020 decreased by $123 million"), its part named by the sentence or by the caption of
 * the table it follows; sentences that state it differently give none. */
export function amountChangeInText(finder: FigureFinder, m: Measure, p: PeriodAsk, ctx: FindContext): Found | undefined {
  const a = asked(m, ctx.company);
  // (Only a part's: a sentence after a table of the whole company may be any part's.)
  if (a.quals.length === 0) return undefined;
  const filings = reportingFilings(ctx.filings, p).filter((f) => f.sec_form_type.startsWith('10-K') && f.sec_ticker === ctx.ticker);
  const own = filings.filter((f) => Number(f.sec_fiscal_year.slice(3)) === p.year);
  let found: Found | undefined;
  for (const filing of own) {
    for (const t of finder.tables.of(filing.id)) {
      const block = t.model.caption;
      const named = new Set(labelStems(block).map((w) => w.replace(/\./g, '')));
      if (!a.quals.every((q) => named.has(q))) continue;
      for (const st of finder.tables.after(t)) {
        const r = amountChangeIn(a, st.text, p.year, block);
        if (!r) continue;
        if (found?.kind === 'text' && found.text.amount !== r.amount) return undefined;
        found ??= { kind: 'text', text: { ...r, sentence: st.text, statementId: st.id, filing, year: p.year } };
      }
    }
  }
  return found;
}
