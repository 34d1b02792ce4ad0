// The grid battery (test/battery/grids.jsonl): questions over several companies, years or measures,
// each with its cells' gold values read from the filings, its derived figures, the company that leads
// and the cells the index cannot state. Judged on the answer's figure records (`analysis.figures` and
// `analysis.grid`), cell by cell: right (a record of the company and year within tolerance), wrong (the
// grid states another value for that cell, a ranking names another leader, or a figure fills a cell the
// index cannot state), or empty (not stated). A response without records (an engine before them, a
// service that returns none) is judged on its text: a cell is right when its value is written in it,
// else empty. Shared by test/battery/grids.test.ts and bench/grid-battery.js.
import { readFileSync } from 'node:fs';

export const gridBatteryFile = new URL('../../test/battery/grids.jsonl', import.meta.url).pathname;

export function loadGridBattery(file = gridBatteryFile) {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l));
}

/** A gold value in the record's units: millions of dollars to dollars, millions of shares to shares. */
function inUnits(cell) {
  if (cell.unit === 'million') return { value: cell.value * 1e6, units: ['USD'] };
  if (cell.unit === 'shares_million') return { value: cell.value * 1e6, units: ['shares'] };
  if (cell.unit === 'percent') return { value: cell.value, units: ['percent', 'points'] };
  if (cell.unit === 'per_share') return { value: cell.value, units: ['USD/share'] };
  if (cell.unit === 'ratio') return { value: cell.value, units: ['ratio', 'times'] };
  return { value: cell.value, units: ['count'] };
}

/** Within the cell's tolerance: relative by default, absolute when the gold says so (derived figures
 * rounded to one decimal). */
export function close(gold, value) {
  const { value: want } = inUnits(gold);
  const tol = gold.tolerance ?? 0.005;
  if (gold.tolerance_kind === 'absolute') return Math.abs(value - want) <= tol;
  return Math.abs(value - want) <= Math.max(Math.abs(want) * tol, 1e-9);
}

const words = (s) => new Set(s.toLowerCase().match(/[a-z&]+/g) ?? []);

/** The grid measure a gold cell names: most words in common with its name (the only one, when one). */
function measureFor(grid, name) {
  if (!grid || grid.measures.length === 0) return undefined;
  if (grid.measures.length === 1) return grid.measures[0].key;
  const want = words(name);
  const score = (m) => [...words(`${m.key} ${m.name}`)].filter((w) => want.has(w)).length;
  return [...grid.measures].sort((a, b) => score(b) - score(a))[0].key;
}

/** The verdict of one gold cell against the records. */
function judgeCell(gold, records, grid) {
  const { units } = inUnits(gold);
  // (A figure of two companies is either's: "ADI vs SWKS".)
  const mine = records.filter(
    (r) => (r.tickers ?? [r.ticker]).includes(gold.ticker) && r.fiscal_year === gold.fiscal_year && units.includes(r.unit),
  );
  if (mine.some((r) => close(gold, r.value))) return 'right';
  // The grid's own cell for it, when the grid states one: another value there is wrong.
  const key = measureFor(grid, gold.measure);
  const cell = grid?.cells.find((c) => c.ticker === gold.ticker && c.fiscal_year === gold.fiscal_year && c.measure === key);
  if (cell?.figure) {
    const r = records.find((x) => x.id === cell.figure);
    if (r && units.includes(r.unit)) return 'wrong';
  }
  return 'empty';
}

/** A derived gold figure: any derived record of the company and year within tolerance; another derived
 * value in the same unit for them is wrong only when no record matches (several derived figures share
 * a company and year: growth and a margin). */
function judgeDerived(gold, records) {
  const { units } = inUnits(gold);
  // (A figure of two companies is either's: "ADI vs SWKS".)
  const mine = records.filter(
    (r) => (r.tickers ?? [r.ticker]).includes(gold.ticker) && r.fiscal_year === gold.fiscal_year && units.includes(r.unit),
  );
  if (mine.some((r) => close(gold, r.value))) return 'right';
  // The other company's view of a difference between two: the sign turned.
  if (mine.some((r) => r.status === 'derived' && close(gold, -r.value))) return 'right';
  return 'empty';
}

/** Text fallback: the value written as the answer writes amounts ("$10,909 million", "18.0%"). */
function inText(gold, text) {
  const t = text.replace(/,/g, '');
  const { value } = inUnits(gold);
  const found = [...t.matchAll(/-?\$?\s?(\d+(?:\.\d+)?)\s*(billion|million|thousand)?/gi)].map((m) => {
    const scale = { billion: 1e9, million: 1e6, thousand: 1e3 }[m[2]?.toLowerCase()] ?? 1;
    return Number(m[1]) * (gold.unit === 'million' || gold.unit === 'shares_million' ? scale : 1);
  });
  const tol = gold.tolerance_kind === 'absolute' ? (gold.tolerance ?? 0.05) : Math.abs(value) * Math.max(gold.tolerance ?? 0.005, 0.0005);
  return found.some((v) => Math.abs(Math.abs(v) - Math.abs(value)) <= tol);
}

/** The verdict of one question: each cell's, each derived figure's, the ranking's and each unheld
 * cell's, and whether the question is answered whole. */
export function judgeGrid(q, response) {
  const analysis = response.analysis ?? {};
  const records = analysis.figures;
  const grid = analysis.grid;
  const text = response.answer?.text ?? '';
  const out = { cells: [], derived: [], rank: undefined, unheld: [] };
  for (const c of q.cells) out.cells.push(records ? judgeCell(c, records, grid) : inText(c, text) ? 'right' : 'empty');
  for (const d of q.derived ?? []) out.derived.push(records ? judgeDerived(d, records) : inText(d, text) ? 'right' : 'empty');
  if (q.rank) {
    const ranking = grid?.rankings?.[0];
    if (!ranking) out.rank = 'empty';
    else if (q.rank.first === null) out.rank = ranking.ranked.length === 0 ? 'right' : 'wrong';
    else if (ranking.ranked.length === 0) out.rank = 'empty';
    else out.rank = ranking.ranked[0].ticker === q.rank.first ? 'right' : 'wrong';
  }
  for (const u of q.unheld ?? []) {
    const cells = (grid?.cells ?? []).filter(
      (c) => c.ticker === u.ticker && (u.fiscal_year === undefined || c.fiscal_year === u.fiscal_year),
    );
    const filled = (records ?? []).some(
      (r) => r.ticker === u.ticker && (u.fiscal_year === undefined || r.fiscal_year === u.fiscal_year) && r.status !== 'derived',
    );
    if (filled) out.unheld.push('wrong');
    else if (cells.length > 0 || /\b(?:holds? no|does not hold|not hold|no filing|cannot be derived|not stated)\b/i.test(text))
      out.unheld.push('right');
    else out.unheld.push('empty');
  }
  const all = [...out.cells, ...out.derived, ...(out.rank ? [out.rank] : []), ...out.unheld];
  out.whole = all.every((v) => v === 'right');
  out.wrong = all.some((v) => v === 'wrong');
  return out;
}

/** Asks each question (research mode, extractive answer and analysis) and judges it. */
export async function runGridBattery(backend, questions) {
  const results = [];
  for (const q of questions) {
    const response = await backend.query({
      query: q.question,
      mode: 'research',
      retrieval: { max_evidence: 10 },
      include: { answer: true, analysis: true },
    });
    results.push({ q, response, verdict: judgeGrid(q, response) });
  }
  return results;
}

const zero = () => ({ right: 0, wrong: 0, empty: 0 });

/** Totals: cells (gold cells and derived figures), rankings, unheld cells, questions whole. */
export function tallyGrid(results) {
  const t = {
    questions: results.length,
    whole: 0,
    withWrong: 0,
    cells: zero(),
    derived: zero(),
    rank: zero(),
    unheld: zero(),
    byClass: {},
  };
  for (const { q, verdict: v } of results) {
    const c = (t.byClass[q.class] ??= { n: 0, whole: 0 });
    c.n++;
    if (v.whole) {
      t.whole++;
      c.whole++;
    }
    if (v.wrong) t.withWrong++;
    for (const x of v.cells) t.cells[x]++;
    for (const x of v.derived) t.derived[x]++;
    if (v.rank) t.rank[v.rank]++;
    for (const x of v.unheld) t.unheld[x]++;
  }
  return t;
}

const pct = (a, n) => (n ? `${((100 * a) / n).toFixed(0)}%` : '-');
const line = (name, x) => {
  const n = x.right + x.wrong + x.empty;
  return `${name.padEnd(9)} n=${String(n).padStart(3)}  right ${String(x.right).padStart(3)} (${pct(x.right, n).padStart(4)})  wrong ${String(x.wrong).padStart(2)}  not stated ${String(x.empty).padStart(3)}`;
};

export function formatGridTally(t) {
  const classes = Object.entries(t.byClass)
    .map(([k, c]) => `  ${k.padEnd(19)} ${c.whole}/${c.n} whole`)
    .join('\n');
  return [
    `questions ${t.questions}: ${t.whole} whole (${pct(t.whole, t.questions)}), ${t.withWrong} with a wrong figure or ranking`,
    line('cells', t.cells),
    line('derived', t.derived),
    line('rankings', t.rank),
    line('unheld', t.unheld),
    classes,
  ].join('\n');
}

export function formatGridResults(results) {
  return results
    .map(({ q, response, verdict: v }) => {
      const marks = [...v.cells, ...v.derived, ...(v.rank ? [`rank:${v.rank}`] : []), ...v.unheld.map((u) => `unheld:${u}`)].join(' ');
      const answer = (response.answer?.text ?? '').replace(/\s+/g, ' ').slice(0, 220);
      return `${v.whole ? 'whole ' : v.wrong ? 'WRONG ' : 'part  '} ${q.id.padEnd(34)} ${marks}\n        ${answer}`;
    })
    .join('\n');
}

/** The figure a grid states for a cell against the figure its single question states: for each gold
 * cell the grid states, "What was <company>'s <measure> in fiscal <year>?" (the measure in the gold's
 * words) is asked alone, and its record for that company and year compared with the grid's. */
export async function cellConsistency(backend, results) {
  const checked = [];
  for (const { q, response } of results) {
    const grid = response.analysis?.grid;
    if (!grid) continue;
    const byId = new Map((response.analysis.figures ?? []).map((r) => [r.id, r]));
    for (const gold of q.cells) {
      const key = measureFor(grid, gold.measure);
      const c = grid.cells.find((x) => x.ticker === gold.ticker && x.fiscal_year === gold.fiscal_year && x.measure === key);
      const r = c?.figure ? byId.get(c.figure) : undefined;
      // (Cells the grid states right: a wrong one is the battery's to count.)
      if (r?.status !== 'reported' || !close(gold, r.value)) continue;
      const company = grid.companies.find((x) => x.ticker === gold.ticker)?.name ?? gold.ticker;
      const question = `What was ${company}'s ${gold.measure} in fiscal ${gold.fiscal_year}?`;
      const single = await backend.query({
        query: question,
        mode: 'research',
        retrieval: { max_evidence: 10 },
        include: { answer: true, analysis: true },
      });
      const same = (single.analysis?.figures ?? []).find(
        (x) => x.ticker === gold.ticker && x.fiscal_year === gold.fiscal_year && x.unit === r.unit,
      );
      checked.push({ id: q.id, question, grid: r.value, single: same?.value, agree: same !== undefined && same.value === r.value });
    }
  }
  return { checked: checked.length, differ: checked.filter((x) => !x.agree) };
}
