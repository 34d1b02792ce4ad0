// Companies asked as a set (a screen): a GICS sector or sub-industry by its name or a usual short form
// ("tech companies", "semis", "the staples", "industrials"), a company's peers ("Nike's peers": its
// sub-industry), or every company of the index ("the S&P 500", "all companies"). Read from the question
// with its other parts' words blanked; what the set's members are is the index's to say (answer/
// members.ts), never the reading's.
import { GICS_SUB_INDUSTRIES } from '../../contract/gics.js';
import type { CompanyLink } from '../companies/link.js';
import type { Directory } from '../retrieve/directory.js';
import type { Inferred } from '../retrieve/scope.js';
import { escapeRegExp } from '../text/regexp.js';
import type { CompanySet } from './reading.js';

export interface SetRead {
  set: CompanySet;
  /** [start, end) of the words that named it. */
  spans: [number, number][];
  /** Companies found inside its words ("S&P" of "S&P 500"): none was asked about. */
  inside: CompanyLink[];
}

// The noun that makes a name a set of companies: "consumer discretionary companies", "the tech sector",
// "health care stocks", "software companies'".
const NOUN = '(?:companies|company|firms?|stocks?|names|corporations?|businesses|members|constituents|players|issuers)';
const SECTOR_NOUN = '(?:sector|industry|sub-industry|space)';
const AFTER = String.raw`(?:\s+${SECTOR_NOUN})?(?:\s+${NOUN})?`;
const NEEDS_NOUN = String.raw`(?:\s+${SECTOR_NOUN}(?:\s+${NOUN})?|\s+${NOUN})`;

const SEMIS = ['Semiconductors', 'Semiconductor Materials & Equipment'];
const INSURERS = ['Property & Casualty Insurance', 'Life & Health Insurance', 'Multi-line Insurance', 'Insurance Brokers', 'Reinsurance'];
const REITS = GICS_SUB_INDUSTRIES.filter((s) => s.endsWith('REITs'));
const OIL = GICS_SUB_INDUSTRIES.filter((s) => s.startsWith('Oil & Gas') || s === 'Integrated Oil & Gas');

/** A set's usual names: the words, the set, and the words that may stand alone (a plural noun: "the
 * industrials", "semis"); the others need a noun after them ("tech companies", "the energy sector"). */
interface Short {
  words: string;
  alone?: string;
  set: Omit<CompanySet, 'text'>;
}
const sector = (name: string): Omit<CompanySet, 'text'> => ({ kind: 'sector', names: [name] });
const subs = (names: readonly string[]): Omit<CompanySet, 'text'> => ({ kind: 'sub_industry', names: [...names] });
const SHORT: Short[] = [
  // (The GICS industry of two sub-industries: "semis"; "semiconductor companies" is the sub-industry.)
  { words: 'semis', alone: 'semis', set: subs(SEMIS) },
  { words: 'semiconductors?|chip ?makers?|chip companies', alone: 'semiconductors|chip ?makers', set: subs(['Semiconductors']) },
  { words: 'semiconductor equipment|chip equipment', set: subs(['Semiconductor Materials & Equipment']) },
  { words: 'software', set: subs(['Application Software', 'Systems Software']) },
  { words: 'banks?|banking', alone: 'banks', set: subs(['Diversified Banks', 'Regional Banks']) },
  { words: 'insurers?|insurance', alone: 'insurers', set: subs(INSURERS) },
  { words: 'pharma(?:ceuticals?)?|drug ?makers?', alone: 'pharmas|drug ?makers', set: subs(['Pharmaceuticals']) },
  { words: 'biotech(?:nology)?', alone: 'biotechs', set: subs(['Biotechnology']) },
  { words: 'reits?', alone: 'reits', set: subs(REITS) },
  { words: 'airlines?', alone: 'airlines', set: subs(['Passenger Airlines']) },
  { words: 'oil (?:and|&) gas|oil', set: subs(OIL) },
  { words: 'info(?:rmation)? tech(?:nology)?|tech(?:nology)?', set: sector('Information Technology') },
  { words: 'health ?care', set: sector('Health Care') },
  { words: '(?:consumer )?staples', alone: '(?:consumer )?staples', set: sector('Consumer Staples') },
  { words: '(?:consumer )?discretionary', set: sector('Consumer Discretionary') },
  { words: 'industrials?', alone: 'industrials', set: sector('Industrials') },
  { words: 'financials?|financial services', alone: 'financials', set: sector('Financials') },
  { words: 'utilit(?:y|ies)', alone: 'utilities', set: sector('Utilities') },
  { words: 'energy', set: sector('Energy') },
  { words: 'materials', set: sector('Materials') },
  { words: 'real estate', set: sector('Real Estate') },
  { words: 'communications?(?: services)?|telecom(?:munications?)?', set: sector('Communication Services') },
];
const SHORT_RE = SHORT.map((s) => ({
  ...s,
  re: new RegExp(String.raw`\b(?:(?:${s.words})${NEEDS_NOUN}\b${s.alone ? String.raw`|(?:${s.alone})\b${AFTER}` : ''})`, 'gi'),
}));

// Every company of the index: "the S&P 500", "S&P 500 companies", "all companies", "every company in the
// index", "the whole index".
const INDEX = new RegExp(
  [
    String.raw`\b(?:(?:among|in|of|across)\s+)?(?:the\s+)?s\s?&\s?p\s?500(?:\s+index)?(?:['’]s)?${AFTER}`,
    String.raw`\b(?:of\s+)?(?:all|every)\s+(?:of\s+)?(?:the\s+)?(?:companies|company|firms?|stocks|constituents|members)` +
      String.raw`(?:\s+(?:in|of)\s+the\s+(?:index|s\s?&\s?p\s?500))?`,
    String.raw`\b(?:(?:in|of|across)\s+)?the\s+(?:whole|entire)\s+index\b`,
  ].join('|'),
  'gi',
);

// A company's peers: "Nike's peers", "peers of Nike", "Nike and its peers", "Nike vs. its competitors".
const PEER = '(?:peers|peer group|competitors|rivals)';
const PEERS_AFTER = new RegExp(
  [
    String.raw`^(?:(?:['’]s?)?\s+(?:(?:closest|nearest|main|direct|industry|gics)\s+)?${PEER}`,
    String.raw`\s+(?:and|vs\.?|versus|against|among|compared (?:with|to))\s+(?:its|their)\s+(?:(?:closest|main|direct|industry)\s+)?${PEER})\b`,
  ].join('|'),
  'i',
);
const PEERS_BEFORE = new RegExp(String.raw`\b${PEER}\s+of\s+$`, 'i');

// The noun a set's members are ("which company", "the companies").
export const SET_NOUN = /\b(?:companies|company|firms?|stocks?|corporations?|constituents)\b/gi;

const within = (at: number, spans: [number, number][]) => spans.some(([s, e]) => at >= s && at < e);

/** Where `text` is in `question` as whole words, from `from`. */
function findWords(question: string, text: string, from = 0): number {
  const lower = question.toLowerCase();
  const needle = text.toLowerCase();
  for (let at = lower.indexOf(needle, from); at >= 0; at = lower.indexOf(needle, at + 1)) {
    const before = lower[at - 1] ?? ' ';
    const after = lower[at + needle.length] ?? ' ';
    if (!/[a-z0-9]/.test(before) && !/[a-z0-9]/.test(after)) return at;
  }
  return -1;
}

/** The set `question` asks of, if any: a company's peers (the company named, and no other), else
 * sub-industries by name or short form, a sector, or the index (no company named but inside the set's
 * own words). */
export function readSet(question: string, links: CompanyLink[], dir: Directory): SetRead | undefined {
  // A company's peers: its sub-industry, itself a member.
  for (const l of links) {
    const at = findWords(question, l.text);
    if (at < 0) continue;
    const after = PEERS_AFTER.exec(question.slice(at + l.text.length));
    const before = after ? null : PEERS_BEFORE.exec(question.slice(0, at));
    if (!after && !before) continue;
    const sub = dir.byTicker.get(l.ticker)?.subIndustry;
    if (!sub || links.some((o) => o.ticker !== l.ticker)) return undefined;
    const start = before ? before.index : at;
    const end = after ? at + l.text.length + after[0].length : at + l.text.length;
    const peerStart = before ? before.index : at + l.text.length;
    return {
      set: { kind: 'peers', names: [sub], of: l.ticker, text: question.slice(start, end) },
      spans: [[peerStart, before ? at : end]],
      inside: [],
    };
  }
  const found: { set: Omit<CompanySet, 'text'>; span: [number, number] }[] = [];
  // Sub-industries by their GICS names ("aerospace and defense companies", "application software");
  // a name of one word needs its noun ("restaurant companies" is not "restaurants' revenue").
  const lower = question.toLowerCase();
  for (const name of GICS_SUB_INDUSTRIES) {
    const head = name.toLowerCase().split(/[ ,&-]+/)[0]!;
    if (!lower.includes(head)) continue;
    const words = escapeRegExp(name)
      .replace(/\\?&|\band\b/g, '(?:&|and)')
      .replace(/,?\s+/g, String.raw`,?\s+`);
    const one = !/\s/.test(name);
    const re = new RegExp(String.raw`\b${words}${one ? NEEDS_NOUN : AFTER}\b`, 'gi');
    for (const m of question.matchAll(re)) found.push({ set: subs([name]), span: [m.index!, m.index! + m[0].length] });
  }
  for (const s of SHORT_RE)
    for (const m of question.matchAll(s.re)) {
      const span: [number, number] = [m.index!, m.index! + m[0].length];
      // (Words a longer name took: "consumer staples" is no "staples" of its own.)
      if (!found.some((f) => span[0] < f.span[1] && span[1] > f.span[0])) found.push({ set: s.set, span });
    }
  for (const m of question.matchAll(INDEX)) found.push({ set: { kind: 'index', names: [] }, span: [m.index!, m.index! + m[0].length] });
  if (found.length === 0) return undefined;
  const spans = found.map((f) => f.span);
  // Companies named outside the set's words are a list of their own: no set.
  const inside = links.filter((l) => within(findWords(question, l.text), spans));
  if (inside.length < links.length) return undefined;
  // The narrowest set named: sub-industries, else a sector, else the index ("tech companies in the S&P
  // 500" is the sector); sets of one kind named together are one ("banks and insurers").
  const kind = (['sub_industry', 'sector', 'index'] as const).find((k) => found.some((f) => f.set.kind === k))!;
  const names = [...new Set(found.filter((f) => f.set.kind === kind).flatMap((f) => f.set.names))];
  const text = found
    .filter((f) => f.set.kind === kind)
    .map((f) => question.slice(f.span[0], f.span[1]).trim())
    .join(', ');
  return { set: { kind, names, text }, spans, inside };
}

/** A set's filters in place of the companies and sectors inferred: the sector or sub-industries it
 * names (a company's peers: its sub-industry), none for the index. */
export function setFilters(f: Inferred, r: SetRead): Inferred {
  const { sec_ticker: _t, sec_gics_sector: _s, sec_gics_sub_industry: _u, fiscalNaming: _n, ...rest } = f;
  const links = r.set.kind === 'peers' ? [] : f.links.filter((l) => !r.inside.includes(l));
  const names = r.set.names;
  return {
    ...rest,
    links,
    ...(r.set.kind === 'sector' ? { sec_gics_sector: names } : r.set.kind === 'index' ? {} : { sec_gics_sub_industry: names }),
  };
}
