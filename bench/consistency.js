// Cross-filing consistency of figures, a check that needs no gold: a fiscal year's revenue, net income,
// total assets and operating cash flow read from that year's own 10-K and from the next 10-K's
// comparative column should agree (up to restatements). Disagreements point at columns read in the
// wrong order or rows taken for the wrong line item. Usage: node bench/consistency.js [-v]
import { FigureResolver } from '../dist/engine/answer/resolve.js';
import { openIndex } from '../dist/engine/index/open.js';
import { RANKING } from '../dist/engine/retrieve/weights.js';
import { resolveIndexPath } from './lib/index-path.js';

const verbose = process.argv.includes('-v');
const ix = openIndex(resolveIndexPath({ env: process.env }));
const resolver = new FigureResolver(ix, RANKING.figure);
const items = ['revenue', 'net_income', 'total_assets', 'operating_cash_flow', 'capex'];
const byTicker = new Map();
for (const f of ix.filings())
  if (f.sec_form_type === '10-K' && f.sec_ticker) byTicker.set(f.sec_ticker, [...(byTicker.get(f.sec_ticker) ?? []), f]);
let pairs = 0,
  agree = 0,
  differ = 0,
  missing = 0,
  answered = 0,
  asked = 0;
for (const [ticker, filings] of byTicker) {
  filings.sort((a, b) => a.sec_fiscal_year.localeCompare(b.sec_fiscal_year));
  for (const f of filings) {
    const year = Number(f.sec_fiscal_year.slice(3));
    for (const item of items) {
      asked++;
      const own = resolver.resolve(item, ticker, year, [f], []).figure;
      if (own) answered++;
      const later = filings.find((g) => Number(g.sec_fiscal_year.slice(3)) === year + 1);
      if (!later) continue;
      const next = resolver.resolve(item, ticker, year, [later], []).figure;
      if (!own || !next) {
        missing++;
        continue;
      }
      pairs++;
      const a = own.value * own.scale,
        b = next.value * next.scale;
      if (Math.abs(a - b) <= 0.005 * Math.max(Math.abs(a), Math.abs(b))) agree++;
      else {
        differ++;
        if (verbose)
          console.log(
            `differ ${ticker} FY${year} ${item}: own ${own.value} ("${own.label}") vs FY${year + 1} filing ${next.value} ("${next.label}")`,
          );
      }
    }
  }
}
console.log(`figures answered from a 10-K's own year: ${answered} of ${asked} (${((100 * answered) / asked).toFixed(1)}%)`);
console.log(
  `same year from two filings: ${pairs} pairs, ${agree} agree, ${differ} differ (${((100 * differ) / Math.max(1, pairs)).toFixed(1)}%), ${missing} with one side missing`,
);
ix.close();
