// Figures in evidence entries: the value of a table row in the column of the asked year.
import { parseRow, readFormattedRow } from '../evidence/rows.js';
import type { EvidenceEntry } from '../evidence/types.js';

export interface Figure {
  label: string;
  value: string;
  column: string;
  unit: string | null;
  negative: boolean;
}

/** The figure of `entry` for the first of `years` its table has a column for, else its first column. */
export function figureOf(entry: EvidenceEntry, years: string[]): Figure | undefined {
  const columns = entry.columns ?? [];
  if (columns.length === 0) return undefined;
  // The consensus of a row is "label — 2018: (1,577); 2017: (1,373)" when values line up.
  const formatted = readFormattedRow(entry.consensus);
  let label: string;
  let pairs: [string, string][];
  if (formatted) {
    ({ label, pairs } = formatted);
  } else {
    const row = parseRow(entry.consensus);
    if (row.values.length === 0) return undefined;
    label = row.label;
    pairs = row.values.map((v, i) => [columns[i] ?? '', v] as [string, string]);
  }
  const asked = pairs.find(([c]) => years.some((y) => c.includes(y)));
  // A table with year columns but not the asked year answers another year: no figure from it.
  if (!asked && years.length > 0 && pairs.some(([c]) => /^(?:19|20)\d\d$/.test(c))) return undefined;
  const pick = asked ?? pairs[0];
  if (!pick || !/\d/.test(pick[1])) return undefined;
  const negative = /^\(.*\)$|^-/.test(pick[1]);
  return { label, value: pick[1].replace(/^\((.*)\)$/, '$1').replace(/^-/, ''), column: pick[0], unit: entry.unit ?? null, negative };
}

const MONEY_UNITS = new Set(['millions', 'thousands', 'billions']);

/** "$1,577 million" / "12.5%" / "3,200 thousand shares"; with `inBillions`, "$4,625 million ($4.63 billion)". */
export function describeFigure(f: Figure, inBillions = false): string {
  const isPercent = f.value.endsWith('%');
  const isShares = /\bshares?\b/i.test(f.label);
  const money = !isPercent && !isShares && !/per share/i.test(f.label) && f.unit !== null && MONEY_UNITS.has(f.unit);
  const unit = f.unit && !isPercent ? ` ${f.unit.replace(/s$/, '')}` : '';
  const base = `${money ? '$' : ''}${f.value}${unit}`;
  const b = money ? billions(Number(f.value.replace(/,/g, '')), f.unit) : undefined;
  return inBillions && b !== undefined ? `${base}${billionsNote(b)}` : base;
}

/** An amount in millions or thousands, in billions; undefined in any other unit. */
export function billions(n: number, unit: string | null): number | undefined {
  if (!Number.isFinite(n)) return undefined;
  return unit === 'millions' ? n / 1000 : unit === 'thousands' ? n / 1e6 : undefined;
}

/** " (≈ $2.5 billion)": analysts quote large amounts in billions, to one decimal. */
export const billionsNote = (b: number) => ` (≈ $${Math.abs(b).toFixed(1)} billion)`;
