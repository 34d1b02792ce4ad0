// Company linking: which words of a question name which companies. One name index from the companies
// the index knows (constituents' names, EDGAR names of their filings, curated brand and former names,
// tickers), matched longest first so "Lockheed Martin" leaves no "Martin" for Martin Marietta and
// "JP Morgan" no "Morgan" for Morgan Stanley. A single word that is also an English word filings use in
// lower case all the time ("target", "block") names a company only capitalised; a
// ticker that is a word ("ALL", "IT", "ON", "KEY") only with a "$"; typos are forgiven in long,
// distinctive names ("Microsft").
import aliasData from './aliases.json' with { type: 'json' };
import { editDistance, stem } from '../text/words.js';
import { NAME_STOP_WORDS } from '../text/vocabulary.js';
import { ABBREVIATIONS, COMMON, FINANCE_WORDS, FREQUENT, isWord, PLACES, PROPER } from './link-words.js';
import { others, tickerTypos, typoOf } from './typos.js';
import { mergeInitials, nameTokens, tokenize, type Token } from './normalize.js';

export interface CompanyNames {
  ticker: string;
  /** Legal and EDGAR names: "Coca-Cola Company (The)", "COCA COLA CO". */
  names: string[];
}

export interface CompanyLink {
  ticker: string;
  /** The words of the question taken as this company, as written. */
  text: string;
  how: 'name' | 'alias' | 'ticker' | 'typo';
  /** A typo as near other companies' names as this one's: those companies too (the question must say
   * which). */
  others?: string[];
}

interface Alias {
  tokens: string[];
  ticker: string;
  /** A curated or full name (any case), a first word derived from a longer name (distinctive only), or
   * a name's words run together (as written only, never a typo's). */
  source: 'name' | 'alias' | 'first-word' | 'first-name' | 'joined';
}

// Aliases that name a segment or business of the company (aliases.json's `_parts`).
const PARTS = new Set(
  Object.keys((aliasData as unknown as { _parts: Record<string, string> })._parts)
    .filter((k) => !k.startsWith('_'))
    .map((k) => k.toLowerCase()),
);
// The words and marks that set companies side by side in a list.
const LIST_WORD = /^(?:vs|versus|v|and|or)$/;
const LIST_GLUE = /^\s*(?:,|&|\/|(?:,\s*)?(?:vs|versus|v|and|or)\b\.?)\s*$/i;

/** The same word, or a typo of it in a name already anchored: one edit (two from 9 letters), an
 * adjacent transposition as one; words under 4 letters must match. */
function nearWord(typed: string, name: string): boolean {
  if (typed === name) return true;
  if (name.length < 4 || typed[0] !== name[0]) return false;
  const max = name.length >= 9 ? 2 : 1;
  if (editDistance(typed, name, max) <= max) return true;
  if (typed.length !== name.length) return false;
  const diff = [...typed].flatMap((c, k) => (c === name[k] ? [] : [k]));
  return diff.length === 2 && diff[1] === diff[0]! + 1 && typed[diff[0]!] === name[diff[1]!] && typed[diff[1]!] === name[diff[0]!];
}

/** The linker's tables, as the index keeps them (written with it: building them is about 8 ms of every
 * cold query). Kept only while `format` is LINKER_FORMAT. */
export interface LinkerTables {
  format: number;
  byFirst: [string, Alias[]][];
  tickers: [string, string][];
  distinctive: [string, string][];
  fullNames: [string, string[][]][];
}

/** The layout and the making of the tables. Bump it with any change that makes other tables from the
 * same companies (this file's constructor, normalize.ts, aliases.json, company-words.json): an index
 * written before then has its tables made again when it is opened. test/engine/companies.test.ts
 * fails until it is bumped. */
export const LINKER_FORMAT = 3;

export class CompanyLinker {
  private readonly byFirst = new Map<string, Alias[]>();
  private readonly tickers = new Map<string, string>();
  /** Distinctive one-word names, for typos. */
  private readonly distinctive = new Map<string, string>();
  /** Each company's names as tokens, to follow a name past the words that linked it. */
  private readonly fullNames = new Map<string, string[][]>();

  /** The linker of tables made before (LinkerTables), or undefined when they are of another format. */
  static fromTables(t: LinkerTables | undefined): CompanyLinker | undefined {
    if (t?.format !== LINKER_FORMAT) return undefined;
    const l = new CompanyLinker([]);
    for (const [k, v] of t.byFirst) l.byFirst.set(k, v);
    for (const [k, v] of t.tickers) l.tickers.set(k, v);
    for (const [k, v] of t.distinctive) l.distinctive.set(k, v);
    for (const [k, v] of t.fullNames) l.fullNames.set(k, v);
    return l;
  }

  tables(): LinkerTables {
    return {
      format: LINKER_FORMAT,
      byFirst: [...this.byFirst],
      tickers: [...this.tickers],
      distinctive: [...this.distinctive],
      fullNames: [...this.fullNames],
    };
  }

  constructor(companies: CompanyNames[]) {
    const known = new Set(companies.map((c) => c.ticker));
    const add = (tokens: string[], ticker: string, source: Alias['source']) => {
      // Initials alone ("U.S." of "U.S. Bancorp") are in too many questions to name a company.
      if (tokens.length === 0 || tokens.every((t) => NAME_STOP_WORDS.has(t) || t.length === 1)) return;
      const list = this.byFirst.get(tokens[0]!) ?? [];
      if (!list.some((a) => a.ticker === ticker && a.tokens.join(' ') === tokens.join(' '))) list.push({ tokens, ticker, source });
      this.byFirst.set(tokens[0]!, list);
    };
    const firstWords = new Map<string, Set<string>>();
    const nameAndTrade = new Set<string>();
    for (const c of companies) {
      this.tickers.set(c.ticker.toLowerCase(), c.ticker);
      this.tickers.set(c.ticker.toLowerCase().replace(/\./g, '-'), c.ticker);
      for (const n of c.names) {
        const t = nameTokens(n);
        add(t, c.ticker, 'name');
        if (t.length > 1) (this.fullNames.get(c.ticker) ?? this.fullNames.set(c.ticker, []).get(c.ticker)!).push(t);
        // "D. R. Horton" is also written "dr horton", "J.B. Hunt" "jb hunt": initials run together.
        const initials = t.findIndex((x) => x.length > 1);
        if (initials >= 2 && t.slice(0, initials).every((x) => /^[a-z]$/.test(x)))
          add([t.slice(0, initials).join(''), ...t.slice(initials)], c.ticker, 'name');
        // "Coca-Cola" is also written "Cocacola", "Texas Instruments" "texasinstruments": a name of two
        // or three words run together (not an English word, long enough to be distinctive).
        const joined = t.join('');
        if (t.length >= 2 && t.length <= 3 && (/-/.test(n) || joined.length >= 7) && !isWord(joined))
          add([joined], c.ticker, /-/.test(n) ? 'name' : 'joined');
        if (t.length > 1) (firstWords.get(t[0]!) ?? firstWords.set(t[0]!, new Set()).get(t[0]!)!).add(c.ticker);
        // "Jacobs Solutions", "Ross Stores": a name and a word of business only.
        if (t.length > 1 && t.slice(1).every((x) => FREQUENT.has(x) || NAME_STOP_WORDS.has(x))) nameAndTrade.add(t[0]!);
      }
    }
    for (const [ticker, names] of Object.entries(aliasData as unknown as Record<string, unknown>)) {
      if (ticker.startsWith('_') || !known.has(ticker) || !Array.isArray(names)) continue;
      for (const n of names) add(nameTokens(n), ticker, 'alias');
    }
    // The first word of a longer name stands for it when it is no English word and no other company's.
    for (const [w, owners] of firstWords) {
      if (owners.size === 1 && w.length >= 4 && !isWord(w) && !/^\d+$/.test(w)) add([w], [...owners][0]!, 'first-word');
      // A surname that is no English word, followed in the name by a word of business only ("Jacobs" of
      // Jacobs Solutions, not "Ralph" of Ralph Lauren nor "Raymond" of Raymond James): the company when
      // capitalised.
      else if (owners.size === 1 && w.length >= 4 && nameAndTrade.has(w) && PROPER.has(w) && !COMMON.has(w) && !PLACES.has(w))
        add([w], [...owners][0]!, 'first-name');
    }
    for (const list of this.byFirst.values()) {
      list.sort((a, b) => b.tokens.length - a.tokens.length);
      // Names (capitalised words included: "Microsoft", "Boeing") may be misspelt, a name of five letters
      // by a letter doubled ("Jabill"); English words may not.
      for (const a of list)
        if (
          a.tokens.length === 1 &&
          a.source !== 'first-name' &&
          a.source !== 'joined' &&
          a.tokens[0]!.length >= 5 &&
          !COMMON.has(a.tokens[0]!)
        )
          this.distinctive.set(a.tokens[0]!, a.ticker);
    }
  }

  /** Whether a link's words name a part of the company ("AWS"): they narrow the measure as well. */
  static namesPart(link: CompanyLink): boolean {
    return link.how === 'alias' && PARTS.has(link.text.toLowerCase());
  }

  /** The companies a question names, in order, each once; `commonWord` says which words the filings
   * use all the time. */
  link(question: string, commonWord?: (word: string) => boolean): CompanyLink[] {
    const toks = tokenize(question);
    // Initials with dots ("T.E. Connectivity", "A.E.S. Corp.") are read as one word, and as written
    // ("D. R. Horton" is named with its initials apart).
    const merged = mergeInitials(toks, question);
    const links = this.linkTokens(question, merged, commonWord);
    if (merged.length === toks.length) return links;
    // Each company once, by the longer of its two readings ("D.R Horton" over "Horton").
    const byTicker = new Map<string, CompanyLink>();
    for (const l of [...links, ...this.linkTokens(question, toks, commonWord)]) {
      const seen = byTicker.get(l.ticker);
      if (!seen || l.text.length > seen.text.length) byTicker.set(l.ticker, l);
    }
    return [...byTicker.values()].sort((a, b) => question.indexOf(a.text) - question.indexOf(b.text));
  }

  private linkTokens(question: string, toks: Token[], commonWord?: (word: string) => boolean): CompanyLink[] {
    const out: CompanyLink[] = [];
    const push = (ticker: string, from: Token, to: Token, how: CompanyLink['how']) => {
      if (!out.some((o) => o.ticker === ticker)) out.push({ ticker, text: question.slice(from.start, to.end), how });
    };
    for (let i = 0; i < toks.length; ) {
      const tok = toks[i]!;
      const m = this.aliasAt(toks, i);
      if (m) {
        // "Keysight Technolgies", "becton dickenson": the rest of the name, misspelt, is the company's too.
        const width = m.width ?? m.alias.tokens.length;
        const n = width + this.restOfName(m.alias, toks, i + width);
        push(m.alias.ticker, tok, toks[i + n - 1]!, m.alias.source === 'alias' ? 'alias' : 'name');
        i += n;
        continue;
      }
      const ticker = this.tickerAt(question, tok);
      if (ticker) {
        push(ticker, tok, tok, 'ticker');
        i++;
        continue;
      }
      // "AAPLL": a ticker in capitals with a letter doubled or two swapped (never a word the filings print).
      const typed = tickerTypos(tok, this.tickers);
      if (typed.length > 0 && !commonWord?.(tok.norm)) {
        if (!out.some((o) => o.ticker === typed[0])) out.push({ ticker: typed[0]!, text: tok.raw, how: 'typo', ...others(typed) });
        i++;
        continue;
      }
      // (A word the filings use all the time is no misspelt name, unless it is the name's own word:
      // "pipeline" is not Priceline; "rockwel" is Rockwell.)
      const near = typoOf(tok, this.distinctive);
      const typo =
        near[0] && commonWord?.(tok.norm) && stem(tok.norm) !== stem(this.distinctiveWord(near[0], tok.norm)) ? undefined : near[0];
      if (typo) {
        // "activison blizzard": the misspelt first word, then the rest of the name.
        const rest = this.restOfName({ tokens: [this.distinctiveWord(typo, tok.norm)], ticker: typo, source: 'name' }, toks, i + 1);
        if (!out.some((o) => o.ticker === typo))
          out.push({ ticker: typo, text: question.slice(tok.start, toks[i + rest]!.end), how: 'typo', ...others(near) });
        i += 1 + rest;
        continue;
      }
      i++;
    }
    // "KO vs pep", "Visa or ma": a ticker that is also a word names a company when the question sets it
    // beside one it names, across "vs", "or", "and" or a comma.
    if (out.length > 0) {
      const named = (t: Token | undefined) =>
        !!t && out.some((o) => question.slice(t.start, t.end) === o.text || o.text.startsWith(question.slice(t.start, t.end)));
      toks.forEach((tok, i) => {
        const ticker = this.tickers.get(tok.norm);
        if (!ticker || out.some((o) => o.ticker === ticker) || !this.listable(tok.norm)) return;
        const beside = (k: number) =>
          LIST_GLUE.test(question.slice(Math.min(tok.end, toks[k]?.end ?? 0), Math.max(tok.start, toks[k]?.start ?? 0)));
        if ((named(toks[i - 2]) && beside(i - 2) && LIST_WORD.test(toks[i - 1]?.norm ?? '')) || (named(toks[i - 1]) && beside(i - 1)))
          push(ticker, tok, tok, 'ticker');
        else if ((named(toks[i + 2]) && beside(i + 2) && LIST_WORD.test(toks[i + 1]?.norm ?? '')) || (named(toks[i + 1]) && beside(i + 1)))
          push(ticker, tok, tok, 'ticker');
      });
    }
    // "vz free cash flow 2022": a two-letter ticker typed in lower case, when nothing else names a company.
    if (out.length === 0) {
      const tok = toks.find((t) => this.shortTickerAt(question, t));
      if (tok) push(this.tickers.get(tok.norm)!, tok, tok, 'ticker');
    }
    return out;
  }

  /** How many tokens from `at` continue one of the company's longer names, each as written or a typo
   * away (a transposition counts once): the first words already named the company. */
  private restOfName(alias: Alias, toks: Token[], at: number): number {
    let best = 0;
    for (const name of this.fullNames.get(alias.ticker) ?? []) {
      if (name.length <= alias.tokens.length || !alias.tokens.every((t, k) => name[k] === t)) continue;
      let n = 0;
      while (alias.tokens.length + n < name.length && toks[at + n] && nearWord(toks[at + n]!.norm, name[alias.tokens.length + n]!)) n++;
      best = Math.max(best, n);
    }
    return best;
  }

  /** A ticker a list may name in lower case: no stop word, finance abbreviation or prose abbreviation. */
  private listable(w: string): boolean {
    return w.length >= 2 && !NAME_STOP_WORDS.has(w) && !FINANCE_WORDS.has(w) && !ABBREVIATIONS.has(w) && !LIST_WORD.test(w);
  }

  /** A lower-case two-letter ticker that is no common abbreviation nor a word filings use all the time. */
  private shortTickerAt(question: string, tok: Token): boolean {
    const w = tok.norm;
    if (w.length !== 2 || tok.raw !== w || !this.tickers.has(w) || question[tok.end] === '.') return false;
    return !NAME_STOP_WORDS.has(w) && !FINANCE_WORDS.has(w) && !FREQUENT.has(w) && !ABBREVIATIONS.has(w);
  }

  private aliasAt(toks: Token[], i: number): { alias: Alias; width?: number } | undefined {
    const first = toks[i]!;
    const candidates = [...(this.byFirst.get(first.norm) ?? []), ...(first.alt ? (this.byFirst.get(first.alt) ?? []) : [])];
    candidates.sort((a, b) => b.tokens.length - a.tokens.length);
    // After an exact first word, the others of a longer name may be misspelt ("jacobs engeneering").
    const same = (k: number, t: string) =>
      toks[i + k] && (toks[i + k]!.norm === t || toks[i + k]!.alt === t || (k > 0 && nearWord(toks[i + k]!.norm, t)));
    for (const alias of candidates) {
      const n = alias.tokens.length;
      if (!alias.tokens.every((t, k) => same(k, t))) continue;
      if (n === 1 && !this.singleWordOk(alias, first)) continue;
      return { alias };
    }
    // A one-word name written as two ("amerisource bergen", "black rock").
    const next = toks[i + 1];
    if (next && next.start - first.end <= 1) {
      const joined = this.byFirst
        .get(first.norm + next.norm)
        ?.find((a) => a.tokens.length === 1 && a.source !== 'first-word' && a.source !== 'first-name' && !COMMON.has(a.tokens[0]!));
      if (joined) return { alias: joined, width: 2 };
    }
    return undefined;
  }

  /** One word alone names a company when it is distinctive, or capitalised when it is also a word. */
  private singleWordOk(alias: Alias, tok: Token): boolean {
    const w = alias.tokens[0]!;
    if (NAME_STOP_WORDS.has(w) || FINANCE_WORDS.has(w)) return false;
    const capitalised = /^[A-Z0-9]/.test(tok.raw);
    if (alias.source === 'first-word') return true; // distinctive by construction
    if (alias.source === 'first-name') return capitalised && tok.raw !== tok.raw.toUpperCase();
    if (!COMMON.has(w)) return true; // a name, not an English word: "Pfizer", "Disney", "Boeing"
    // Words filings use in lower case all the time ("target", "block") name a company only
    // capitalised; rarer ones ("apple", "oracle", "adobe") in any case.
    if (FREQUENT.has(w)) return capitalised && tok.raw !== tok.raw.toUpperCase();
    return true;
  }

  /** "$AAPL" always; "AAPL", "jnj", "brk.b" when the ticker is no English word. */
  private tickerAt(question: string, tok: Token): string | undefined {
    const dollar = question[tok.start - 1] === '$';
    // A class share written "BRK.B" or "BRK-B" spans two tokens; look at the text itself.
    const m = /^([A-Za-z]{1,5})(?:([.-])([A-Za-z]))?/.exec(question.slice(tok.start));
    const candidates = m?.[3] ? [`${m[1]}.${m[3]}`.toLowerCase(), m[1]!.toLowerCase()] : [tok.norm];
    for (const c of candidates) {
      const ticker = this.tickers.get(c);
      if (!ticker) continue;
      if (dollar) return ticker;
      const raw = question.slice(tok.start, tok.start + c.length);
      const bare = c.replace(/[.-]/, '');
      if (NAME_STOP_WORDS.has(bare) || FINANCE_WORDS.has(bare) || bare.length < 2) continue;
      // An abbreviation of business prose written in capitals ("design IP", "AI chips") is a company
      // only with its "$" or a possessive ("IP's revenue").
      if (ABBREVIATIONS.has(bare) && !/^['’]s\b/.test(question.slice(tok.start + c.length))) continue;
      // Written in capitals, a ticker is one unless filings use the word all the time ("KEY", "NOW");
      // in lower case only when it is no English word at all ("jnj", "msft").
      if (raw === raw.toUpperCase() && !/[a-z]/.test(raw) ? !FREQUENT.has(bare) : bare.length >= 3 && !isWord(bare)) return ticker;
    }
    return undefined;
  }

  /** The distinctive name word of `ticker` nearest the misspelt `typed`. */
  private distinctiveWord(ticker: string, typed: string): string {
    let best = typed;
    let d = Infinity;
    for (const [name, t] of this.distinctive) {
      if (t !== ticker) continue;
      const e = editDistance(typed, name, 3);
      if (e < d) {
        best = name;
        d = e;
      }
    }
    return best;
  }
}
