// EDGAR's XBRL frames (data.sec.gov/api/xbrl/frames/{taxonomy}/{concept}/{unit}/{period}.json): one
// concept's fact of every filer for one calendar period, {taxonomy, tag, ccp, uom, label, description,
// pts, data: [{accn, cik, entityName, loc, start?, end, val}]}. A frame is a calendar period: CY2023
// (a year), CY2023Q1 (a quarter), CY2023Q4I (an instant, a balance). EDGAR puts in a frame, for each
// filer, the fact last filed whose period best fits it: a duration of about a year (365 days, give or
// take 30) or a quarter (91, give or take 30) lands in the calendar year or quarter its midpoint falls
// in, an instant (or a month's flow) in the calendar quarter whose end is nearest (a tie goes to the
// later one). The recorded company facts of Apple, NVIDIA and Alphabet follow this rule in every one
// of their 30,522 facts that EDGAR placed in a frame (the file's `frame` field).
//
// So a company's fiscal year is in the frame of the calendar year its middle falls in: Alphabet's and
// Apple's fiscal 2023 (ending December 31 and September 30, 2023) are in CY2023; NVIDIA's fiscal 2024,
// ending January 28, 2024, is in CY2023 too, and its fiscal 2023 in CY2022. The index labels a year by
// the year it ends in (less one for an end in January's first week: fiscal.ts), so fiscal year Y of
// every filer is in CY(Y-1) or CY(Y), never both: in CY(Y) when it ends from July to early January, in
// CY(Y-1) when it ends from early January to June. Pure.
import { factValueProblem } from './ranges.js';
import { labelYear, parseYmd } from '../filing/fiscal.js';

/** A calendar period of the frames API: CY2023, CY2023Q1, CY2023Q4I. */
export interface FramePeriod {
  year: number;
  quarter?: 1 | 2 | 3 | 4;
  instant: boolean;
  /** As EDGAR writes it. */
  name: string;
}

/** One filer's fact in a frame. */
export interface FrameRow {
  accession: string;
  /** Without leading zeros. */
  cik: string;
  entityName: string;
  /** Where the filer is ("US-CA"), as EDGAR gives it; absent when it gives none. */
  loc?: string;
  /** YYYY-MM-DD; absent for an instant. */
  start?: string;
  end: string;
  value: number;
}

export interface Frame {
  taxonomy: string;
  concept: string;
  /** EDGAR's unit as company facts write it: USD, USD/shares, shares. */
  unit: string;
  period: FramePeriod;
  label: string;
  rows: FrameRow[];
}

const PERIOD = /^CY(\d{4})(?:Q([1-4])(I)?)?$/;

/** "CY2023", "CY2023Q1", "CY2023Q4I" -> the period; undefined for anything else. */
export function parseFramePeriod(s: string): FramePeriod | undefined {
  const m = PERIOD.exec(s.trim().toUpperCase());
  if (!m) return undefined;
  const year = Number(m[1]);
  if (year < 2007 || year > 2100) return undefined;
  return { year, ...(m[2] ? { quarter: Number(m[2]) as 1 | 2 | 3 | 4 } : {}), instant: Boolean(m[3]), name: m[0]! };
}

/** A unit as the frames API's address writes it: USD/shares is USD-per-shares. */
export const frameUnit = (unit: string) => unit.replace('/', '-per-');

const ACCESSION = /^\d{10}-\d{2}-\d{6}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The frame of `asked` in `text`; throws an Error saying what is wrong when it is not one (not JSON, an
 * error page, another concept's or period's, a row without a number, a value out of its unit's range). */
export function parseFrame(text: string, asked: { taxonomy: string; concept: string; unit: string; period: string }): Frame {
  let o: unknown;
  try {
    o = JSON.parse(text);
  } catch {
    throw new Error('the frame is not JSON (cut short, or an error page?)');
  }
  const root = (o && typeof o === 'object' && !Array.isArray(o) ? o : {}) as Record<string, unknown>;
  const fail = (why: string): never => {
    throw new Error(`not the frame ${asked.taxonomy}:${asked.concept} ${asked.unit} ${asked.period}: ${why}`);
  };
  if (!Array.isArray(root.data)) fail('no "data" list');
  const said = { taxonomy: root.taxonomy, concept: root.tag, period: root.ccp, unit: root.uom };
  for (const [k, v] of Object.entries(said)) {
    const want = k === 'unit' ? [asked.unit, frameUnit(asked.unit)] : [asked[k as keyof typeof asked]];
    if (typeof v === 'string' && !want.some((w) => w.toUpperCase() === v.toUpperCase())) fail(`it is of ${k} ${v}`);
  }
  const period = parseFramePeriod(asked.period) ?? fail(`no calendar period "${asked.period}"`);
  const rows = (root.data as unknown[]).map((d, i): FrameRow => {
    const r = (d && typeof d === 'object' ? d : {}) as Record<string, unknown>;
    const where = `row ${i + 1}`;
    if (typeof r.accn !== 'string' || !ACCESSION.test(r.accn)) fail(`${where}: no accession number`);
    if (typeof r.cik !== 'number' && typeof r.cik !== 'string') fail(`${where}: no CIK`);
    if (typeof r.end !== 'string' || !DATE.test(r.end)) fail(`${where}: no end date`);
    if (r.start !== undefined && (typeof r.start !== 'string' || !DATE.test(r.start) || r.start > (r.end as string)))
      fail(`${where}: a start that is no date on or before the end`);
    if (period.instant === (r.start !== undefined))
      fail(`${where}: ${period.instant ? 'a duration in a frame of instants' : 'an instant'}`);
    if (typeof r.val !== 'number') fail(`${where}: no number`);
    const problem = factValueProblem(r.val as number, asked.unit);
    if (problem) fail(`${where}: value ${problem}`);
    return {
      accession: r.accn as string,
      cik: String(r.cik).replace(/^0+/, ''),
      entityName: typeof r.entityName === 'string' ? r.entityName : '',
      ...(typeof r.loc === 'string' && r.loc ? { loc: r.loc } : {}),
      ...(r.start !== undefined ? { start: r.start as string } : {}),
      end: r.end as string,
      value: r.val as number,
    };
  });
  return {
    taxonomy: asked.taxonomy,
    concept: asked.concept,
    unit: asked.unit,
    period,
    label: typeof root.label === 'string' ? root.label : '',
    rows,
  };
}

/** The annual frames that hold fiscal year `year` of every filer: CY(year-1) and CY(year). */
export const annualFramesOf = (year: number): string[] => [`CY${year - 1}`, `CY${year}`];

/** The index's fiscal-year label of a year-long row: the year it ends in, less one for an end in
 * January's first week (as a 10-K of that period is labelled). */
export const rowFiscalYear = (row: FrameRow): number => labelYear(parseYmd(row.end));
