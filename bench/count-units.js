// Counts stated as counts: over every filing of the index, the table rows whose label (or whose table's
// unit line: "(Gallons in millions)") reads as a count of things (members, employees, stores, customers,
// accounts, subscribers, connections, gallons, barrels, homes, units ...) are asked of the engine as
// questions, one a company and label, and every figure it states is checked for a currency: a "$" in
// the figure's text or a record in USD. The target is none. Prints the tally and each figure.
// Usage (after `npm run build`): node bench/count-units.js [-v] [--per-company N]
import { openEngineBackend } from '../dist/engine/engine-backend.js';
import { openIndex } from '../dist/engine/index/open.js';
import { resolveIndexPath } from './lib/index-path.js';

const indexPath = resolveIndexPath({ env: process.env });
const verbose = process.argv.includes('-v');
const at = process.argv.indexOf('--per-company');
// Labels asked a company: enough to meet its count tables, few enough that the pass takes a minute.
const PER_COMPANY = at > 0 ? Number(process.argv[at + 1]) : 6;

const NOUN =
  /\b(members|membership|employees|headcount|stores|restaurants|locations|customers|accounts|subscribers|subscriptions|connections|gallons|barrels|homes|units|cards|visitors|passengers|vehicles|policies|households|clubs|hotels|rooms|advisors|associates|patients|beds|lives|square feet|mmcf|bcf|mwh|tons)\b/i;
// A label that names a price, an amount or a rate per thing is not a count ("Revenue per member").
const NOT_COUNT =
  /\$|\bper\b|\bpayables?\b|\breceivables?\b|\ballowance\b|\bstock\b|\bshares?\b|\bfunds\b|\bchanges?\b|\bincrease\b|\bdecrease\b|\bintangible\b|\bconstruction\b|\bservices\b|\bnotes\b|\bvested\b|\baccrued\b|\bloans?\b|\breserves?\b|\binventor|\bproceeds\b|\bcharged\b|\bprovision\b|\bsweep\b|\bintercompany\b|\btrade\b|\bliabilit|\binsurance\b|\binvestments?\b|\breporting units\b|\brevenues?\b|\bsales\b|\bcost\b|\bexpenses?\b|\bvalue\b|\bamount\b|\bfees?\b|\bincome\b|%|\bpercent|\brate\b|\baverage\b|\bratio\b|\bprice\b|\bspend/i;
// A unit line that names what a table counts ("(Gallons in millions)", "Connections ('000)").
const COUNT_UNIT =
  /^\W*(gallons|barrels|mmcf|bcf|mwh|gwh|tons|members|employees|stores|customers|accounts|subscribers|connections|units)\b[^$]*\bin (?:thousands|millions|billions)\b/i;

const index = openIndex(indexPath);
const names = new Map(index.companies().map((c) => [c.ticker, c.name]));
const asks = new Map();
for (const f of index.filings()) {
  const ticker = f.sec_ticker;
  if (!ticker || !/^10-[KQ]/.test(f.sec_form_type)) continue;
  const year = Number(f.sec_fiscal_year.slice(3));
  for (const t of index.filingTables(f.id)) {
    const m = t.model;
    const unitNoun = COUNT_UNIT.exec(m.unit?.text ?? '')?.[1];
    for (const row of m.rows) {
      const label = row.label
        .replace(/\s*\(\d\)\s*/g, ' ')
        .replace(/\s+/g, ' ')
        .trim();
      if (!label || label.length > 60 || NOT_COUNT.test(label) || !row.cells.some((c) => c && c.value !== null && !c.percent)) continue;
      const noun = NOUN.exec(label)?.[1] ?? (unitNoun && !/^total$/i.test(label) ? unitNoun : undefined);
      if (!noun) continue;
      const measure = NOUN.test(label) ? label : `${label} ${(row.group ?? '').replace(/:$/, '')}`.replace(/\s+/g, ' ').trim();
      const key = `${ticker}|${measure.toLowerCase()}`;
      if (asks.has(key)) continue;
      const company = names.get(ticker) ?? f.company;
      const perCompany = [...asks.values()].filter((a) => a.ticker === ticker).length;
      if (perCompany >= PER_COMPANY) continue;
      asks.set(key, { ticker, measure, question: `What was ${company}'s ${measure.toLowerCase()} in fiscal ${year}?` });
    }
  }
}
index.close();

const backend = await openEngineBackend({ indexPath });
const stated = [];
try {
  for (const a of asks.values()) {
    const r = await backend.query({ query: a.question, mode: 'research', include: { answer: true, analysis: true } });
    const first = (r.answer?.text ?? '').split('\n')[0];
    for (const x of r.analysis?.figures ?? []) {
      // The figure as the answer's first line states it, up to its source.
      const said = /: (.*?)(?:, reported as|, as the filing states|$)/.exec(first)?.[1] ?? '';
      const currency = x.unit === 'USD' || /\$/.test(said);
      stated.push({ ...a, value: x.value, unit: x.unit, said, currency });
    }
  }
} finally {
  await backend.close();
}
const withCurrency = stated.filter((s) => s.currency);
console.log(`count units: ${asks.size} count measures asked over ${new Set([...asks.values()].map((a) => a.ticker)).size} companies`);
console.log(`  figures stated: ${stated.length}; stated with a currency: ${withCurrency.length} (target 0)`);
for (const s of verbose ? stated : withCurrency)
  console.log(
    `  ${s.currency ? '$ ' : '  '}${s.ticker.padEnd(6)} ${s.measure.slice(0, 50).padEnd(50)} ${String(s.unit).padEnd(7)} ${s.said.slice(0, 70)}`,
  );
