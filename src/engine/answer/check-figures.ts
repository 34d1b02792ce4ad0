// A model's figures held to its evidence. Every figure the model states ("$1,577 million in FY2018",
// "5.2%", "$2.49 per share": model-figures.ts) is looked up among the figures its evidence shows
// (evidence-figures.ts). It checks when the evidence shows the same value, in a compatible unit, within
// the rounding of the digits printed, for the year the model gives; or when it is computed from the
// inputs the answer gives (figures it states that check, and the other years of their rows). Found only
// under another year's column it is a wrong column; found nowhere, it is not in the evidence. Neither
// is kept silent: it is marked in the text (marks.ts) and described in a notice.
import type { EvidenceChain } from '../evidence/types.js';
import { evidenceFigures, type Known } from './evidence-figures.js';
import { UNVERIFIED } from './marks.js';
import { sentenceFigures, type Kind, type ModelFigure } from './model-figures.js';
import { ANSWER_TUNING } from './tuning.js';

/** A sentence of the model's, read: its figures, what the evidence shows of each, and the matches for
 * the year each is given. */
export interface ReadSentence {
  sentence: string;
  figures: ModelFigure[];
  found: Known[][];
  stated: Known[][];
}

export interface FigureCheck {
  /** The figure as the model wrote it. */
  text: string;
  status: 'stated' | 'computed' | 'wrong_column' | 'not_in_evidence';
  year?: number;
  /** For a wrong column: the years the evidence shows the value for. */
  evidenceYears?: number[];
}

/** Kinds the evidence may show a stated kind as. */
const COMPATIBLE: Record<Kind, Kind[]> = {
  USD: ['USD', 'plain', 'USD/share'],
  percent: ['percent'],
  'USD/share': ['USD/share', 'plain', 'USD'],
  times: ['plain', 'times'],
  plain: ['plain', 'USD', 'percent', 'USD/share'],
};

const near = (a: number, b: number, tol: number) => Math.abs(Math.abs(a) - Math.abs(b)) <= tol + 1e-9 * Math.max(1, Math.abs(b));

/** Checks a model's answer a sentence at a time, against the evidence it was given. */
export class FigureChecker {
  private readonly known: Known[];
  /** Figures the answer stated that check, and the rows they came from: a computation's inputs. */
  private readonly inputs: Known[] = [];
  readonly checks: FigureCheck[] = [];

  constructor(
    chains: EvidenceChain[],
    /** Companies whose fiscal years the filings name one off the index's (ULTA -1): the model may use either. */
    private readonly fiscalNaming: number[] = [],
  ) {
    this.known = evidenceFigures(chains);
  }

  private sameYear(k: Known, year: number): boolean {
    return [0, ...this.fiscalNaming].some((d) => k.years.includes(year - d));
  }

  /** The matches that stand for the year the model gives. A value the evidence shows for some years
   * stands for those; shown without a year (a table whose header was lost, a sentence naming none) it
   * stands for any, unless the evidence shows it elsewhere for another year. */
  private forYear(found: Known[], year: number | undefined): Known[] {
    if (year === undefined) return found;
    const dated = found.filter((k) => k.years.length > 0);
    return dated.length > 0 ? dated.filter((k) => this.sameYear(k, year)) : found;
  }

  private matches(f: ModelFigure): Known[] {
    return this.known.filter((k) => {
      if (!COMPATIBLE[f.kind].includes(k.kind)) return false;
      // A count stated as money is another figure ("$162,105 million" of gallons).
      if (k.count && (f.kind === 'USD' || f.kind === 'USD/share') && /[$\u20ac\u00a3\u00a5]/.test(f.text)) return false;
      const tol = Math.max(f.tol, k.tol);
      const asPrinted = f.bare || (f.unscaled && Math.abs(f.value) < ANSWER_TUNING.check.asPrintedBelow);
      return (
        near(f.value, k.value, tol) ||
        (asPrinted &&
          near(
            f.value,
            k.printed,
            f.bare ? Math.max(f.tol, ANSWER_TUNING.check.bareTolerance) : Math.max(f.tol, k.tol / (k.value / (k.printed || 1))),
          ))
      );
    });
  }

  /** Whether `f` is computed from the inputs the answer gives: the figures it states that check, and
   * the other years of their rows ("up 14.9% from FY2017"). A ratio whose inputs the answer does not
   * state is not taken on trust: any two of the hundreds of figures of an evidence make some ratio. */
  private computed(f: ModelFigure): boolean {
    const rows = new Set(this.inputs.map((k) => k.row).filter(Boolean));
    const byCell = new Map<string, Known>();
    for (const k of [...this.inputs, ...this.known.filter((k) => k.row && rows.has(k.row))])
      if (k.value !== 0) byCell.set(k.cell ?? `${k.value}:${k.years.join(',')}`, k);
    const pool = [...byCell.values()];
    const tol = Math.max(f.tol, ANSWER_TUNING.check.computed * Math.abs(f.value));
    const v = Math.abs(f.value);
    // A row's total or average over its years ("averaged $1,457 million over 2016-2018").
    if (f.kind !== 'percent') {
      for (const row of rows) {
        const vals = pool.filter((k) => k.row === row).map((k) => k.value);
        const sum = vals.reduce((a, b) => a + b, 0);
        if (vals.length > 2 && (near(v, sum, tol) || near(v, sum / vals.length, tol))) return true;
      }
    }
    // Two line items of one period (a ratio, a share, a sum or a difference), or one line item over
    // two periods (a change, a growth rate): never one line item's year over another's.
    const oneYear = (a: Known, b: Known) => {
      if (a.years.length === 0 || b.years.length === 0) return true;
      const both = a.years.filter((y) => b.years.includes(y));
      return both.length > 0 && (f.year === undefined || [0, ...this.fiscalNaming].some((d) => both.includes(f.year! - d)));
    };
    const overYears = (a: Known, b: Known) =>
      a.row !== undefined && a.row === b.row && a.years[0] !== undefined && b.years[0] !== undefined && a.years[0] !== b.years[0];
    // Three of the answer's own inputs of one year: (a - b) / c, a / the average of b and c
    // ("a quick ratio", "an inventory turnover", "a return on average assets").
    const own = [...new Map(this.inputs.map((k) => [k.cell ?? `${k.value}`, k])).values()].filter((k) => k.value !== 0);
    for (const a of own) {
      for (const b of own) {
        for (const c of own) {
          if (a === b || b === c || a === c) continue;
          const results = [(a.value - b.value) / c.value, (a.value + b.value) / c.value, a.value / ((b.value + c.value) / 2)];
          if (results.some((r) => near(v, f.kind === 'percent' ? 100 * r : r, tol))) return true;
        }
      }
    }
    for (const a of pool) {
      for (const b of pool) {
        if (a === b) continue;
        const results: number[] = [];
        const same = oneYear(a, b);
        const across = overYears(a, b);
        if (f.kind === 'percent') {
          if (same) results.push((100 * a.value) / b.value);
          if (across || same) results.push((100 * (a.value - b.value)) / b.value);
          if (across && a.years[0]! > b.years[0]!) results.push(100 * ((a.value / b.value) ** (1 / (a.years[0]! - b.years[0]!)) - 1));
        } else {
          if (same || across) results.push(a.value - b.value, a.value + b.value, (a.value + b.value) / 2);
          if (same && (f.kind === 'times' || f.kind === 'plain')) results.push(a.value / b.value);
          if ((same || across) && f.bare) results.push(a.printed - b.printed, a.printed + b.printed);
        }
        if (results.some((r) => near(v, r, tol))) return true;
      }
    }
    return false;
  }

  /** Reads a sentence: its figures, those the evidence shows for the year they are given (they become
   * inputs of what follows, and of what came just before: "25.3%. Inputs: net income $9,771 million"). */
  read(sentence: string): ReadSentence {
    const figures = sentenceFigures(sentence);
    const found = figures.map((f) => this.matches(f));
    const stated = figures.map((f, i) => this.forYear(found[i]!, f.year));
    for (const ks of stated) this.inputs.push(...ks);
    return { sentence, figures, found, stated };
  }

  /** Whether every figure of a sentence read checks with the inputs known now. */
  settled(r: ReadSentence): boolean {
    return r.figures.every((f, i) => r.stated[i]!.length > 0 || this.computed(f));
  }

  /** The sentence with each figure that does not check marked, its checks recorded. */
  settle(r: ReadSentence): string {
    const marks: number[] = [];
    for (const [i, f] of r.figures.entries()) {
      const year = f.year !== undefined ? { year: f.year } : {};
      if (r.stated[i]!.length > 0) this.checks.push({ text: f.text, status: 'stated', ...year });
      else if (this.computed(f)) this.checks.push({ text: f.text, status: 'computed', ...year });
      else {
        marks.push(f.end);
        if (r.found[i]!.length > 0)
          this.checks.push({
            text: f.text,
            status: 'wrong_column',
            year: f.year!,
            evidenceYears: [...new Set(r.found[i]!.flatMap((k) => k.years))].sort((a, b) => a - b),
          });
        else this.checks.push({ text: f.text, status: 'not_in_evidence', ...year });
      }
    }
    // From the end, so earlier positions stay put as marks go in.
    let out = r.sentence;
    for (const at of marks.sort((a, b) => b - a)) out = `${out.slice(0, at)} ${UNVERIFIED}${out.slice(at)}`;
    return out;
  }

  /** Checks one sentence with what is known now: the sentence, marked. */
  checkSentence(sentence: string): string {
    return this.settle(this.read(sentence));
  }

  /** The figures that did not check, said plainly; undefined when every one did. */
  notice(): string | undefined {
    const bad = this.checks.filter((c) => c.status === 'wrong_column' || c.status === 'not_in_evidence');
    if (bad.length === 0) return undefined;
    const why = (c: FigureCheck) =>
      c.status === 'wrong_column'
        ? `"${c.text}" for FY${c.year}: the evidence shows it for FY${c.evidenceYears!.join(', FY')}`
        : `"${c.text}"${c.year !== undefined ? ` for FY${c.year}` : ''}: not in the evidence, nor computed from figures the answer states`;
    return (
      `${bad.length} of the ${this.checks.length} figures the model stated do not check against its evidence ` +
      `and are marked ${UNVERIFIED}: ${bad.map(why).join('; ')}`
    );
  }
}
