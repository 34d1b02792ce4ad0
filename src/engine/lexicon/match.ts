// Finding line items and metrics in a question, and reading a row label as a line item. Questions are
// matched on Porter stems, longest phrase first, so "operating margins", "capex" and "cash flow from
// operations" each land on one entry and their words are not searched again as loose terms.
import { stem, words } from '../text/words.js';
import taxonomy from './us-gaap-labels.json' with { type: 'json' };
import { LINE_ITEM, LINE_ITEMS, type LineItem, type LineItemKey } from './line-items.js';
import { METRICS, type MetricKey } from './metrics.js';

export interface LexiconHit {
  kind: 'item' | 'metric';
  key: LineItemKey | MetricKey;
  /** The question's words that named it, as written. */
  text: string;
  /** The word written just before it ("iPhone revenue", "past-due receivables"): it may narrow the item
   * to a part of it; the caller decides whether it is a content word. */
  before?: string;
  /** [start, end) of those words in the text matched. */
  start?: number;
  end?: number;
}

// Phrases that contain an entry's words but name something else.
const BLOCKERS = [
  'equity method',
  'private equity',
  'equity securities',
  'equity investments',
  'equity awards',
  'equity compensation',
  'earnings call',
  'earnings release',
  'earnings calls',
  'total shareholder return',
  'cash flow hedge',
  'cash flow hedges',
  'debt securities',
  'revenue recognition',
  'deferred revenue',
  'unearned revenue',
  'sales and marketing',
  'sales tax',
  'sales taxes',
  'debt covenants',
  'cost of capital',
  'asset impairment',
  // A kind of asset or a business named by it, not the balance sheet's total: "asset retirement
  // obligation", "Asset Management segment", "the Alternative asset class".
  'asset retirement obligation',
  'asset retirement obligations',
  'asset retirement obligation liabilities',
  'asset management',
  'asset class',
  'asset classes',
  'assets under management',
  'assets held for sale',
  'tax assets',
  'right of use assets',
  'profit sharing',
  'cash dividends declared',
  'equities',
  'tier 1 leverage',
  'supplementary leverage',
  'tier 1 capital',
  'common equity tier 1',
  'return on tangible common equity',
  // "Non-current liabilities" are not current liabilities.
  'non current liabilities',
  'non current assets',
  'noncurrent liabilities',
  'noncurrent assets',
  // Statements named as sources ("D&A from the cash flow statement"), not the cash they hold.
  'cash flow statement',
  'cash flow statements',
  'cash flows statement',
  'statement of cash flows',
  'statements of cash flows',
];

export interface Phrase {
  stems: string[];
  hit: Omit<LexiconHit, 'text'> | null;
}

/** Words as the lexicon compares them: "R&D", "SG&A" kept whole; "Property, Plant & Equipment" and
 * "year-over-year" split; "&" read as "and". */
function rawTokens(text: string): string[] {
  const spaced = text
    .replace(/&/g, ' & ')
    .replace(/\b([a-z]{1,2})\s+&\s+([a-z]{1,2})\b/gi, '$1&$2')
    .replace(/\s&\s/g, ' and ');
  return words(spaced).flatMap((w) => w.split(/(?<=[a-z])-(?=[a-z])/));
}

const tokens = (text: string) => rawTokens(text).map(stem);
// Short abbreviations ("ar", "ap", "fcf") are compared as written: Porter makes "are" into "ar".
const phraseTokens = (text: string) => rawTokens(text).map((w) => (w.length <= 3 ? `=${w}` : stem(w)));

/** Every phrase of the lexicon as stems, longest first. The bundle (scripts/bundle.js) carries this list
 * made at build time as __LEXICON_PHRASES__: stemming it is about 4 ms of every cold query. */
export function lexiconPhrases(): Phrase[] {
  const out: Phrase[] = [];
  for (const m of METRICS) for (const a of m.ask) out.push({ stems: phraseTokens(a), hit: { kind: 'metric', key: m.key } });
  for (const l of LINE_ITEMS)
    for (const a of new Set([...l.ask, ...l.labels])) out.push({ stems: phraseTokens(a), hit: { kind: 'item', key: l.key } });
  // A one-word blocker is compared as written: "equities" (stocks) is not "equity" (book value).
  for (const b of BLOCKERS) out.push({ stems: b.includes(' ') ? phraseTokens(b) : [`=${b}`], hit: null });
  // Longest first: "free cash flow margin" before "free cash flow" before "cash"; blockers win ties.
  return out.filter((p) => p.stems.length > 0).sort(longestFirst);
}

const longestFirst = (a: Phrase, b: Phrase) => b.stems.length - a.stems.length || Number(a.hit !== null) - Number(b.hit !== null);

declare const __LEXICON_PHRASES__: string | undefined;

let cached: Map<string, Phrase[]> | undefined;
/** Phrases by their first stem. */
function index(): Map<string, Phrase[]> {
  if (cached) return cached;
  cached = new Map();
  const all = typeof __LEXICON_PHRASES__ === 'string' ? (JSON.parse(__LEXICON_PHRASES__) as Phrase[]) : lexiconPhrases();
  for (const p of all) {
    const list = cached.get(p.stems[0]!) ?? [];
    list.push(p);
    cached.set(p.stems[0]!, list);
  }
  return cached;
}

/** Where each raw token sits in the text: [start, end), found in order ("&" read as "and" sits at "&"). */
function tokenPlaces(text: string, raw: string[]): [number, number][] {
  const lower = text.toLowerCase().replace(/[’‘]/g, "'");
  const out: [number, number][] = [];
  let at = 0;
  for (const t of raw) {
    let i = lower.indexOf(t, at);
    let len = t.length;
    if (i < 0 && t === 'and') {
      i = lower.indexOf('&', at);
      len = 1;
    }
    if (i < 0) {
      out.push([at, at]);
      continue;
    }
    out.push([i, i + len]);
    at = i + len;
  }
  return out;
}

// "Cash used by investing activities", "cash used for", "cash provided by": one preposition after the verb
// as the filings vary it ("Cash provided (used) by investing activities", "Net cash used in ...").
const FLOW_PREPOSITIONS = new Set(['in', 'by', 'for']);
const flowPreposition = (raw: string[], k: number, want: string) =>
  FLOW_PREPOSITIONS.has(want) && FLOW_PREPOSITIONS.has(raw[k]!) && (raw[k - 1] === 'used' || raw[k - 1] === 'provided');

/** Line items and metrics a question names, in the order it names them (each once unless `repeat`:
 * "intelligent cloud revenue and business processes revenue" names revenue twice), with where. */
export function matchLexicon(question: string, opts: { repeat?: boolean } = {}): LexiconHit[] {
  const raw = rawTokens(question);
  const st = raw.map(stem);
  const at = (k: number, s: string) => (s.startsWith('=') ? raw[k] === s.slice(1) || flowPreposition(raw, k, s.slice(1)) : st[k] === s);
  const out: LexiconHit[] = [];
  const idx = index();
  let places: [number, number][] | undefined;
  for (let i = 0; i < st.length; ) {
    const cands = [...(idx.get(st[i]!) ?? []), ...(idx.get(`=${raw[i]}`) ?? [])].sort(longestFirst);
    const m = cands.find((p) => p.stems.every((s, k) => at(i + k, s)));
    if (!m) {
      i++;
      continue;
    }
    if (m.hit && (opts.repeat || !out.some((o) => o.kind === m.hit!.kind && o.key === m.hit!.key))) {
      places ??= tokenPlaces(question, raw);
      const n = m.stems.length;
      out.push({
        ...m.hit,
        text: raw.slice(i, i + n).join(' '),
        ...(i > 0 ? { before: raw[i - 1]! } : {}),
        start: places[i]![0],
        end: places[i + n - 1]![1],
      });
    }
    i += m.stems.length;
  }
  return out;
}

/** Row labels compared without "Total", footnote marks, trailing colons or notes ("(Note 7)"). */
export function cleanLabel(label: string): string {
  return (
    label
      .replace(/\s*\((?:\d|[a-z]|note \d+|notes? \d+(?: and \d+)?)\)\s*/gi, ' ')
      // "Diluted net income per share1": a footnote's digit glued to the last word.
      .replace(/([a-z]{3,})\d{1,2}\s*$/, '$1')
      .replace(/[*:]+$/, '')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** The standard labels of an item's US-GAAP concepts, as word sequences, with their qualifying tails
 * dropped too ("Accounts Receivable, after Allowance for Credit Loss, Current" also reads as "Accounts
 * Receivable, after Allowance for Credit Loss"): statements print some items by these labels. */
const standardLabels = new Map<LineItemKey, Set<string>>();
function standard(item: LineItem): Set<string> {
  let set = standardLabels.get(item.key);
  if (!set) {
    set = new Set();
    const labels = taxonomy as unknown as Record<string, { label: string } | string>;
    for (const c of item.concepts) {
      const entry = labels[c];
      if (!entry || typeof entry === 'string' || typeof entry.label !== 'string') continue;
      const parts = entry.label.split(',');
      for (let k = parts.length; k >= 1; k--) {
        // "Long-term Debt, Current Maturities" is not "Long-term Debt": a tail saying current or
        // noncurrent stays.
        if (parts.slice(k).some((p) => /\b(?:current|noncurrent|non-current)\b/i.test(p))) continue;
        set.add(tokens(parts.slice(0, k).join(',')).join(' '));
      }
    }
    standardLabels.set(item.key, set);
  }
  return set;
}

/** How well a row label reads as a line item: 1 exact (its printed labels, or its concepts' standard
 * labels), 0.6 when it names the item within a longer label, 0 otherwise. */
export function labelScore(item: LineItem, label: string): number {
  const key = `${item.key}\u0000${label}`;
  let score = scores.get(key);
  if (score === undefined) {
    // Statements repeat their labels across filings and years: each is read once per process.
    if (scores.size >= MAX_CACHED_SCORES) scores.clear();
    scores.set(key, (score = scoreLabel(item, label)));
  }
  return score;
}

const MAX_CACHED_SCORES = 50_000;
const scores = new Map<string, number>();

/** An item's printed labels of two words or more, as word sequences (" net incom "). */
const namedLabels = new Map<LineItemKey, string[]>();
function named(item: LineItem): string[] {
  let list = namedLabels.get(item.key);
  if (!list) {
    list = item.labels
      .map((p) => tokens(p))
      .filter((ps) => ps.length >= 2)
      .map((ps) => ` ${ps.join(' ')} `);
    namedLabels.set(item.key, list);
  }
  return list;
}

const PER_SHARE = /\bper (?:common |ordinary |basic |diluted |outstanding )?(?:share|unit)s?\b/i;

function scoreLabel(item: LineItem, label: string): number {
  // "Worldwide income before tax", "Consolidated net sales": the company's own total.
  const l = cleanLabel(label).replace(/^(?:worldwide|consolidated|total company)\s+(?=\S)/i, '');
  if (item.reject?.test(l)) return 0;
  // "Cash dividends declared per common share" is not the dividends paid: an amount per share never
  // reads as a total.
  if (item.unit !== 'USD/share' && PER_SHARE.test(l)) return 0;
  if (item.accept.test(l)) return 1;
  const words = tokens(l).join(' ');
  if (standard(item).has(words)) return 1;
  // The item's label written within a longer one, its words in order ("Net income attributable to The
  // Walt Disney Company (Disney)"); "Total other assets" does not name total assets.
  const text = ` ${words} `;
  return named(item).some((p) => text.includes(p)) ? 0.6 : 0;
}

export function lineItem(key: LineItemKey): LineItem {
  return LINE_ITEM.get(key)!;
}
