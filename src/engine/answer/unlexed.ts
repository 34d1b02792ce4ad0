// Figures the lexicon has no entry for: "Costco's 401(k) plan expense", "the CET1 ratio", "how many
// employees". A row of the evidence whose label is about what was asked, in a table whose year column
// is unambiguous; a count a sentence states; or nothing (the answer then says the evidence does not
// plainly state it).
import type { EvidenceEntry } from '../evidence/types.js';
import { LINE_ITEM, type LineItemKey } from '../lexicon/line-items.js';
import { cleanLabel } from '../lexicon/match.js';
import { STOP_WORDS } from '../retrieve/stopwords.js';
import { stem, stemsOf } from '../text/words.js';
import { periodOf, type FigureInput, type FigureLine } from './figure-answer.js';
import { grouped } from './format.js';
import { fiscalQuarter, type Figure } from './resolve.js';

/**
 * A figure the lexicon does not know ("Costco's 401(k) expense", "CET1 ratio"): a row of the evidence
 * whose label (with its group and caption) holds most of the question's words and whose table has the
 * asked year's column. None such: the answer says the evidence does not state it.
 */
/** The words a line item's rows and captions are printed with ("sales", "revenues" for revenue). */
const itemWordCache = new Map<LineItemKey, Set<string>>();
function itemWords(item: LineItemKey): Set<string> {
  let set = itemWordCache.get(item);
  if (!set) {
    const def = LINE_ITEM.get(item)!;
    set = new Set([def.name, ...def.labels, ...def.ask].flatMap((p) => stemsOf(p)).filter((w) => !STOP_WORDS.has(w) && !GENERIC.has(w)));
    itemWordCache.set(item, set);
  }
  return set;
}
const GENERIC = new Set(['total', 'net', 'consolid', 'and', 'of', 'the']);

export function rowFigures(input: FigureInput, only?: { ticker: string; year: number; mustAny?: string[]; item?: LineItemKey }): FigureLine[] {
  const { analysis: a, tickers, chains } = input;
  const words = [...new Set([...a.terms, ...a.phrases.flatMap((p) => p.split(/\s+/)), ...a.topics.map((t) => t.name)])].map(stem);
  const year = only?.year ?? input.years[0];
  if (words.length === 0 || year === undefined || (!only && tickers.length !== 1)) return [];
  const ticker = only?.ticker ?? tickers[0]!;
  // "What was the CET1 ratio": a ratio or a percentage is asked, so an amount does not answer it.
  const wantsRate = /\b(?:ratio|rate|percent(?:age)?|margin|%)/i.test(a.terms.join(' ') + ' ' + (input.question ?? ''));
  let best: { f: Figure; cover: number } | undefined;
  chains.forEach((c, ci) => {
    for (const e of c.entries) {
      if (!e.row) continue;
      const { table, index } = e.row;
      const m = table.model;
      const row = m.rows[index]!;
      const filing = e.sources[0]?.source.filing;
      if (!filing || filing.sec_ticker !== ticker || !row.aligned) continue;
      const own = new Set(stemsOf(row.label));
      const around = new Set([...own, ...stemsOf(`${row.group ?? ''} ${m.caption}`)]);
      const cover = words.filter((w) => around.has(w)).length / words.length;
      // All of a short request, most of a longer one (the head noun of "commercial airplane deliveries"
      // is not optional).
      if (cover < (words.length <= 2 ? 1 : 0.75) || !words.some((w) => own.has(w))) continue;
      // The label is about what was asked, not a longer line that mentions it ("shares withheld for
      // employee taxes" does not count employees): most of its words are the question's.
      const content = [...own].filter((w) => !STOP_WORDS.has(w) && !/^\d+$/.test(w));
      if (content.length > 0 && content.filter((w) => words.includes(w)).length / content.length < 0.5) continue;
      if (/\bbeginning\b/i.test(row.label) && !/\bbeginning\b/i.test(input.question ?? '')) continue;
      if (only?.mustAny && !only.mustAny.some((w) => around.has(stem(w.toLowerCase())))) continue;
      // A part of a line item ("Aeronautics" of net sales): its table is about that item.
      // The row's group says which item when it has one ("Net sales" / "Operating profit" of one table).
      if (only?.item) {
        const about = new Set(row.group ? [...own, ...stemsOf(row.group)] : around);
        if (![...itemWords(only.item)].some((w) => about.has(w))) continue;
        // Another statement's row of the same words (the cash flow's change in receivables) is not it.
        if (m.statement && m.statement !== LINE_ITEM.get(only.item)!.statement) continue;
        if (!only.mustAny?.some((w) => own.has(stem(w.toLowerCase())))) continue;
      }
      // A note's table whose years were inferred may have other columns ("Actual", "Minimum"): only a
      // primary statement's inferred years are trusted here.
      if (!m.statement && m.columns.some((col) => col.inferred && col.basis !== 'change')) continue;
      // One column for the year, or the table is split some other way (entities, bases) and no figure
      // can be read without knowing which.
      // A quarter asked: the three-month column of that quarter's 10-Q (or a column naming the quarter).
      const q = input.quarter;
      const months = input.months ?? 3;
      const fits = (p: NonNullable<(typeof m.columns)[number]['period']>) =>
        q === undefined ? (p.months ?? 12) === 12 : p.months === months && (p.quarter === q || (p.quarter === undefined && filing.sec_form_type.startsWith('10-Q') && fiscalQuarter(filing) === q));
      const yearCols = m.columns.map((col, i) => (col.period?.fiscalYear === year && fits(col.period) ? i : -1)).filter((i) => i >= 0);
      const j = yearCols.length === 1 ? yearCols[0]! : -1;
      const cell = j >= 0 ? row.cells[j] : undefined;
      if (!cell || cell.value === null) continue;
      if (wantsRate && !cell.percent && !/\bratio|\brate|%|percent/i.test(row.label)) continue;
      // An amount asked ("goodwill impairment"): a percent row (the tax rate reconciliation's) is not it.
      if (!wantsRate && (cell.percent || /%|\bpercent/i.test(row.label))) continue;
      // Every column of the table is a period: otherwise the year's column may be one of several
      // entities or bases the text does not name.
      if (m.columns.some((col) => !col.period && col.label !== 'change')) continue;
      const score = cover - ci * 0.01;
      if (best && best.cover >= score) continue;
      best = {
        cover: score,
        f: { item: 'revenue', ticker, year, value: cell.value, decimals: /\.(\d+)/.exec(cell.text)?.[1]?.length ?? 0, scale: cell.percent || /per share/i.test(row.label) ? 1 : (m.unit?.scale ?? 1), label: cleanLabel(row.label), table, rowIndex: index, column: j, columnLabel: m.columns[j]!.label, inferred: m.columns[j]!.inferred, filing, fromStatement: m.statement !== null, score },
      };
    }
  });
  if (best) return [{ kind: 'row', ticker, year, ...periodOf(input), figure: best.f }];
  const count = countStated(input, ticker);
  if (count) return [{ kind: 'count', ticker, year, ...count }];
  return [{ kind: 'absent', ticker, year, what: { words: a.terms.join(' ') } }];
}


/** "How many employees": a number a sentence of the company's evidence puts before the asked noun
 * ("approximately 161,000 full-time equivalent employees"). Of several, the one dated in the asked year
 * ("to 7,140 stores at August 26, 2023"), not one of a part of the company ("6,300 stores in the U.S.")
 * unless the question names that part, else the first. */
function countStated(input: FigureInput, ticker: string): { count: string; noun: string; entry: EvidenceEntry; parts?: string[] } | undefined {
  const m = /\bhow many\s+(?:(?:full|part)[- ]time\s+)?([a-z][a-z-]+)/i.exec(input.question ?? '');
  if (!m) return undefined;
  const noun = stem(m[1]!.toLowerCase());
  const year = input.years[0];
  const parts = new Set(input.analysis.narrowers.map((w) => stem(w)));
  const NUMBER_BEFORE = /\b(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(\s+(?:thousand|million|billion))?\s+((?:[a-z-]+\s+){0,4}?)([a-z-]+)/gi;
  let best: { score: number; found: { count: string; noun: string; entry: EvidenceEntry }; placed: boolean } | undefined;
  for (const c of input.chains) {
    for (const e of c.entries) {
      if (e.row || e.sources[0]?.source.filing.sec_ticker !== ticker) continue;
      for (const n of e.consensus.matchAll(NUMBER_BEFORE)) {
        if (stem(n[4]!.toLowerCase()) !== noun || /^(?:19|20)\d\d$/.test(n[1]!)) continue;
        const after = e.consensus.slice(n.index! + n[0].length, n.index! + n[0].length + 40);
        const dated = /^,?\s+(?:at|as of|on)\s+[A-Z][a-z]+\.?\s+\d{1,2},?\s+((?:19|20)\d\d)/.exec(after);
        const place = /^,?\s+in\s+(?:the\s+)?([A-Z][\w.]*)/.exec(after);
        let score = 0;
        if (dated) score += Number(dated[1]) === year ? 2 : -2;
        if (place) score += parts.has(stem(place[1]!.toLowerCase().replace(/\./g, ''))) ? 2 : -1;
        if (!best || score > best.score) best = { score, placed: !!place, found: { count: `${n[1]}${n[2] ?? ''}`, noun: `${n[3] ?? ''}${n[4]}`.trim(), entry: e } };
      }
    }
  }
  // "6,300 stores in the U.S., 740 stores in Mexico and 100 stores in Brazil", no part asked: the whole
  // is their sum, said to be one.
  if (best?.placed && parts.size === 0) {
    const each = [...best.found.entry.consensus.matchAll(/\b(\d{1,3}(?:,\d{3})+|\d+)\s+(?:[a-z-]+\s+){0,3}?([a-z-]+)\s+in\s+(the\s+)?([A-Z][\w.]*(?:\s[A-Z][\w.]*)*)/g)]
      .filter((p) => stem(p[2]!.toLowerCase()) === noun)
      .map((p) => ({ n: Number(p[1]!.replace(/,/g, '')), text: `${p[1]} in ${p[3] ?? ''}${p[4]!.replace(/(?<![A-Z])\.$/, '')}` }));
    if (each.length >= 2 && new Set(each.map((p) => p.text)).size === each.length) {
      return { ...best.found, count: grouped(each.reduce((t, p) => t + p.n, 0), 3), parts: each.map((p) => p.text) };
    }
  }
  return best?.found;
}
