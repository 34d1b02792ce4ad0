// The screens battery (test/battery/screens.jsonl, and screens-blind.jsonl written blind to the code):
// questions over a set of companies (a sector, a sub-industry, a company's peers, the whole index, a
// list), each with every member's gold figure read from the filings, the members the index holds no
// report of, and the order asked. Judged on the answer's figure records (`analysis.figures`,
// `analysis.grid`), member by member: right (a record of the member and year within tolerance, or a
// restated record whose originally reported value is), wrong (a figure stated with another value, or
// one stated where the gold says none can be), or empty (not stated); the order right (the ranking
// begins with the gold's order), wrong (it sets two gold members the other way round) or empty (no
// ranking). A screen is whole when every member is right, no other company has a figure, and the order
// is right. A response without records is judged on its text: a member is right when its value is
// written in it. Shared by test/battery/screens.test.ts and bench/screens-battery.js.
import { readFileSync } from 'node:fs';

export const screensBatteryFile = new URL('../../test/battery/screens.jsonl', import.meta.url).pathname;
export const screensBlindFile = new URL('../../test/battery/screens-blind.jsonl', import.meta.url).pathname;

export function loadScreens(file = screensBatteryFile) {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l));
}

/** A gold value in the record's units: millions of dollars to dollars. */
function inUnits(cell) {
  if (cell.unit === 'million') return { scale: 1e6, units: ['USD'] };
  if (cell.unit === 'percent') return { scale: 1, units: ['percent'] };
  if (cell.unit === 'per_share') return { scale: 1, units: ['USD/share'] };
  return { scale: 1, units: ['ratio', 'times', 'count'] };
}

/** Within the cell's tolerance of its value or one of its accepted alternatives (relative by default,
 * absolute when the gold says so: computed percentages). */
export function close(gold, value) {
  const { scale } = inUnits(gold);
  const tol = gold.tolerance ?? 0.005;
  return [gold.value, ...(gold.alt_values ?? [])].some((v) => {
    const want = v * scale;
    if (gold.tolerance_kind === 'absolute') return Math.abs(value - want) <= tol * scale;
    return Math.abs(value - want) <= Math.max(Math.abs(want) * tol, 1e-9);
  });
}

/** The records stating a figure of `ticker` for the year in `units` (a figure of two companies is
 * neither's: a screen states each member's own). */
const statedOf = (records, ticker, year, units) =>
  records.filter((r) => r.ticker === ticker && r.fiscal_year === year && units.includes(r.unit) && r.value !== null);

/** The verdict of one member's gold cell. */
function judgeMember(gold, year, records) {
  const { units } = inUnits(gold);
  const mine = statedOf(records, gold.ticker, year, units);
  if (gold.value === null) return { mark: mine.length > 0 ? 'wrong' : 'right' };
  for (const v of [gold.value, ...(gold.alt_values ?? [])]) {
    const one = { ...gold, value: v, alt_values: [] };
    if (mine.some((r) => close(one, r.value) || (r.originally_reported && close(one, r.originally_reported.value))))
      return { mark: 'right', value: v };
  }
  return { mark: mine.length > 0 ? 'wrong' : 'empty' };
}

/** The gold order over the values matched: an accepted alternative value (a broker's total revenues
 * beside its net revenues) orders its member by that value. */
function goldOrder(q, matched) {
  if (![...matched.values()].some((m) => m.alt)) return q.ranked;
  const value = (c) => matched.get(c.ticker)?.value ?? c.value;
  const sign = q.order === 'asc' ? 1 : -1;
  const order = q.cells
    .filter((c) => c.value !== null)
    .sort((a, b) => sign * (value(a) - value(b)))
    .map((c) => c.ticker);
  return order.slice(0, q.ranked.length);
}

/** Text fallback: the value written as the answer writes amounts ("$10,909 million", "18.0%"). */
function inText(gold, text) {
  if (gold.value === null) return true;
  const t = text.replace(/,/g, '');
  const found = [...t.matchAll(/-?\$?\s?(\d+(?:\.\d+)?)\s*(billion|million|thousand)?/gi)].map((m) => {
    const scale = { billion: 1e3, million: 1, thousand: 1e-3 }[m[2]?.toLowerCase()] ?? 1;
    return Number(m[1]) * (gold.unit === 'million' ? scale : 1);
  });
  const tol = gold.tolerance_kind === 'absolute' ? gold.tolerance : Math.abs(gold.value) * (gold.tolerance ?? 0.005);
  return found.some((v) => Math.abs(v - Math.abs(gold.value)) <= Math.max(tol, 0.05));
}

/** The order of the engine's ranking against the gold's: right when it begins with the gold's order,
 * wrong when it sets two gold members the other way round, empty otherwise (no ranking, or one that
 * leaves a gold member out). */
export function judgeOrder(want, got) {
  if (got.length === 0) return 'empty';
  if (want.every((t, i) => got[i] === t)) return 'right';
  const at = new Map(got.map((t, i) => [t, i]));
  const both = want.filter((t) => at.has(t));
  for (let i = 1; i < both.length; i++) if (at.get(both[i - 1]) > at.get(both[i])) return 'wrong';
  // (A member ranked ahead of the gold's first that the gold does not rank: another leader.)
  if (want.length > 0 && at.has(want[0]) && at.get(want[0]) > 0 && !want.includes(got[0])) return 'wrong';
  return 'empty';
}

/** The verdict of one screen: each member's, each member not held, the companies given a figure that
 * are no members, and the order. */
export function judgeScreen(q, response) {
  const analysis = response.analysis ?? {};
  const records = analysis.figures;
  const grid = analysis.grid;
  const text = response.answer?.text ?? '';
  const year = q.fiscal_year;
  const out = { members: [], notHeld: [], extra: [], order: undefined };
  const matched = new Map();
  for (const c of q.cells) {
    if (!records) {
      out.members.push(inText(c, text) ? 'right' : 'empty');
      continue;
    }
    const m = judgeMember(c, year, records);
    out.members.push(m.mark);
    if (m.value !== undefined) matched.set(c.ticker, { value: m.value, alt: m.value !== c.value });
  }
  const unitsAsked = q.cells.length ? inUnits(q.cells[0]).units : ['USD'];
  for (const t of q.not_held ?? []) out.notHeld.push(records && statedOf(records, t, year, unitsAsked).length > 0 ? 'wrong' : 'right');
  const known = new Set([...q.cells.map((c) => c.ticker), ...(q.not_held ?? [])]);
  const others = new Set(
    (records ?? []).filter((r) => !known.has(r.ticker) && r.fiscal_year === year && unitsAsked.includes(r.unit)).map((r) => r.ticker),
  );
  out.extra = [...others].filter((t) => !t.includes(' vs '));
  if (q.order) {
    const ranking = grid?.rankings?.[0];
    out.order = judgeOrder(
      goldOrder(q, matched),
      (ranking?.ranked ?? []).map((r) => r.ticker),
    );
  }
  const marks = [...out.members, ...out.notHeld, ...(out.order ? [out.order] : [])];
  out.whole = marks.every((m) => m === 'right') && out.extra.length === 0;
  out.wrong = marks.some((m) => m === 'wrong');
  return out;
}

/** Asks each screen (research mode, extractive answer and analysis) and judges it. */
export async function runScreens(backend, screens) {
  const results = [];
  for (const q of screens) {
    const t0 = performance.now();
    const response = await backend.query({
      query: q.question,
      mode: 'research',
      retrieval: { max_evidence: 10 },
      include: { answer: true, analysis: true },
    });
    results.push({ q, response, verdict: judgeScreen(q, response), ms: performance.now() - t0 });
  }
  return results;
}

const zero = () => ({ right: 0, wrong: 0, empty: 0 });

/** Totals: members (stated or rightly declined), members not held, orders, screens whole. */
export function tallyScreens(results) {
  const t = { screens: results.length, whole: 0, withWrong: 0, members: zero(), notHeld: zero(), order: zero(), extra: 0, byClass: {} };
  for (const { q, verdict: v } of results) {
    const c = (t.byClass[q.class] ??= { n: 0, whole: 0 });
    c.n++;
    if (v.whole) {
      t.whole++;
      c.whole++;
    }
    if (v.wrong) t.withWrong++;
    for (const x of v.members) t.members[x]++;
    for (const x of v.notHeld) t.notHeld[x]++;
    if (v.order) t.order[v.order]++;
    t.extra += v.extra.length;
  }
  return t;
}

const pct = (a, n) => (n ? `${((100 * a) / n).toFixed(0)}%` : '-');
const line = (name, x) => {
  const n = x.right + x.wrong + x.empty;
  return `${name.padEnd(9)} n=${String(n).padStart(4)}  right ${String(x.right).padStart(4)} (${pct(x.right, n).padStart(4)})  wrong ${String(x.wrong).padStart(2)}  not stated ${String(x.empty).padStart(4)}`;
};

export function formatScreensTally(t) {
  const classes = Object.entries(t.byClass)
    .map(([k, c]) => `  ${k.padEnd(10)} ${c.whole}/${c.n} whole`)
    .join('\n');
  return [
    `screens ${t.screens}: ${t.whole} whole (${pct(t.whole, t.screens)}), ${t.withWrong} with a wrong figure or order`,
    line('members', t.members),
    line('not held', t.notHeld),
    line('orders', t.order),
    `companies given a figure that are no members: ${t.extra}`,
    classes,
  ].join('\n');
}

export function formatScreensResults(results) {
  return results
    .map(({ q, response, verdict: v, ms }) => {
      const miss = q.cells.map((c, i) => (v.members[i] === 'right' ? '' : `${c.ticker}:${v.members[i]}`)).filter(Boolean);
      const nh = (q.not_held ?? []).map((t, i) => (v.notHeld[i] === 'right' ? '' : `${t}:held-${v.notHeld[i]}`)).filter(Boolean);
      const marks = [
        `members ${v.members.filter((m) => m === 'right').length}/${v.members.length}`,
        ...(v.order ? [`order:${v.order}`] : []),
        ...(v.extra.length ? [`extra:${v.extra.join(',')}`] : []),
        ...miss,
        ...nh,
      ].join(' ');
      const answer = (response.answer?.text ?? '').replace(/\s+/g, ' ').slice(0, 200);
      const time = ms === undefined ? '' : ` ${Math.round(ms)} ms`;
      return `${v.whole ? 'whole ' : v.wrong ? 'WRONG ' : 'part  '} ${q.id.padEnd(44)} ${marks}${time}\n        ${answer}`;
    })
    .join('\n');
}
