// Every table of a filing, decoded once and kept for the next questions about the same company: a
// figure beyond the lexicon is looked for in all of them (statements, notes, MD&A tables).
import type { IndexHandle } from '../../index/open.js';
import type { IndexedTable } from '../../index/types.js';
import { ANSWER_TUNING } from '../tuning.js';

/** A table with the sentence that introduces it ("A reconciliation of unrecognized tax benefits is as
 * follows:"), which often says what a table captioned only "In millions" is of. */
export type IntroducedTable = IndexedTable & {
  intro?: string;
  /** A sentence before it says it is one part's ("The following table shows the life sciences and
   * applied markets business' margins"): no figure of the whole company is read from it. */
  ofPart?: boolean;
};

// "The following table shows the life sciences and applied markets business' margins", "... presents
// the Americas segment's results": one business's, segment's or division's table.
const PART_TABLE = new RegExp(
  String.raw`\bthe following table (?:shows|presents|summarizes|sets forth|provides)\s+(?:the\s+)?(?!company|firm)` +
    String.raw`[\w&,. -]{2,80}?\b(?:business|segment|division)(?:['’]s?)(?=\s)`,
  'i',
);

// A parent company's own statements ("PARENT COMPANY - CONDENSED BALANCE SHEETS", "Note 33 - Parent
// Company", Schedule I's "Condensed Financial Information of Registrant"): never the consolidated
// company's figures. A column header "Parent Company Subsidiaries" is no such title.
const PARENT_ONLY = [
  /^\s*(?:note \d+\s*[-–—:.]?\s*)?parent company\b(?!\s+(?:and\s+)?subsidiaries)/i,
  /\bparent[- ]company[- ]only\b|\bregistrant[- ]only\b/i,
  /\bcondensed financial (?:information|statements) of (?:the )?(?:registrant|parent)\b/i,
  /^\s*schedule i\b(?!i)/i,
];

/** Whether a table is of the parent company alone, by its caption's and headings' titles. */
export const parentOnly = (t: IndexedTable): boolean =>
  [...t.model.caption.split(' / '), ...t.model.headingPath].some((title) => PARENT_ONLY.some((re) => re.test(title)));

// A statement's title with nothing of whose it is ("Balance sheets", "Statements of cash flows").
const BARE_STATEMENT = /^\s*(?:condensed\s+)?(?:balance sheets?|statements? of\b)/i;

/** The tables of a filing that are the parent company's alone: titled so, or a bare statement title
 * following one of them in the same section (the note's title printed once over its three statements). */
function parentTables(tables: IndexedTable[]): Set<number> {
  const out = new Set<number>();
  let last: IndexedTable | undefined;
  for (const t of [...tables].sort((a, b) => a.id - b.id)) {
    const follows = last && out.has(last.id) && last.sectionId === t.sectionId && last.id === t.id - 1;
    if (parentOnly(t) || (follows && BARE_STATEMENT.test(t.model.caption.split(' / ')[0]!))) out.add(t.id);
    last = t;
  }
  return out;
}

const KEPT = ANSWER_TUNING.lookup.keptFilings;

export class TableSource {
  private readonly cache = new Map<number, IntroducedTable[]>();

  constructor(private readonly index: IndexHandle) {}

  of(filingId: number): IntroducedTable[] {
    let t = this.cache.get(filingId);
    if (t) {
      // Most recently used last.
      this.cache.delete(filingId);
      this.cache.set(filingId, t);
      return t;
    }
    // (The introducing sentence is read when first asked for: most tables are never read past their
    // columns.)
    const all = this.index.filingTables(filingId);
    const parent = parentTables(all);
    t = all
      .filter((table) => !parent.has(table.id))
      .map((table) => {
        let intro: string | undefined | null = null;
        let ofPart: boolean | undefined;
        Object.defineProperty(table as IntroducedTable, 'ofPart', {
          get: () => (ofPart ??= this.before(table).some((text) => PART_TABLE.test(text))),
          enumerable: true,
        });
        return Object.defineProperty(table as IntroducedTable, 'intro', {
          get: () => (intro === null ? (intro = this.introOf(table)) : intro),
          enumerable: true,
        });
      });
    if (this.cache.size >= KEPT) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(filingId, t);
    return t;
  }

  /** The scale every primary statement of a filing prints its amounts in, when they agree. */
  statementScale(filingId: number): number | undefined {
    const scales = new Set(
      this.of(filingId)
        .filter((t) => t.model.statement && t.model.unit && !t.model.unit.inferred)
        .map((t) => t.model.unit!.scale),
    );
    return scales.size === 1 ? [...scales][0] : undefined;
  }

  /** The nearest of the three statements before a table that ends with a colon ("... is as follows:"),
   * past the period and year lines between. */
  private introOf(table: IndexedTable): string | undefined {
    const first = table.captionId ?? table.rowIds[0];
    if (first === undefined) return undefined;
    for (let k = 1; k <= 3; k++) {
      const st = this.index.statement(first - k);
      if (!st || st.filing_id !== table.filingId || st.kind === 'row' || st.kind === 'caption') return undefined;
      if (/:\s*$/.test(st.text)) return st.text;
    }
    return undefined;
  }

  /** The sentences just after a table, up to the next heading, caption or table (at most four). */
  after(table: IndexedTable): { id: number; text: string }[] {
    const last = table.rowIds.at(-1);
    const out: { id: number; text: string }[] = [];
    if (last === undefined) return out;
    for (let k = 1; k <= 4; k++) {
      const st = this.index.statement(last + k);
      if (!st || st.filing_id !== table.filingId || st.kind !== 'sentence') break;
      out.push({ id: last + k, text: st.text });
    }
    return out;
  }

  /** The statements of prose just before a table (up to three, past its period and year lines). */
  private before(table: IndexedTable): string[] {
    const first = table.captionId ?? table.rowIds[0];
    const out: string[] = [];
    if (first === undefined) return out;
    for (let k = 1; k <= 3; k++) {
      const st = this.index.statement(first - k);
      if (!st || st.filing_id !== table.filingId || st.kind === 'row') break;
      out.push(st.text);
    }
    return out;
  }

  clear(): void {
    this.cache.clear();
  }
}
