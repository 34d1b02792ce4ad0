// Figure records written as an analyst reads them, the same in the engine's answers and the CLI's
// tables: numbers grouped without Intl (its first use loads ICU, 23 to 30 ms of a cold answer), money at
// one scale with the filing's printed form beside it when the filing prints another.
import type { FigureRecord } from './types.js';

/** What a value that is not a finite number is written as (no figure is one: the engine states none). */
export const NOT_FINITE = 'n/a';

/** The digits of a whole number of 1e21 or more, which JavaScript writes with an exponent: its
 * shortest decimal form written out ("1.2e+29" -> "12" and 28 zeros). */
function wholeDigits(abs: number): string {
  const [mantissa, exponent] = String(abs).split('e+') as [string, string];
  const [int, frac = ''] = mantissa.split('.') as [string, string?];
  return int + frac + '0'.repeat(Number(exponent) - frac.length);
}

/** `value.toFixed(digits)`, its digits written out whatever its size (toFixed writes "1e+21" from 1e21
 * up), and NOT_FINITE for Infinity or NaN. */
export function fixed(value: number, digits: number): string {
  if (!Number.isFinite(value)) return NOT_FINITE;
  if (Math.abs(value) < 1e21) return value.toFixed(digits);
  return `${value < 0 ? '-' : ''}${wholeDigits(Math.abs(value))}${digits > 0 ? `.${'0'.repeat(digits)}` : ''}`;
}

/** A number with thousands separators and between `min` and `max` decimals, as toLocaleString('en-US')
 * writes it (rounding its shortest decimal form half away from zero: 2.675 -> "2.68"), without Intl: its
 * first use loads ICU's number formats, 23 to 30 ms of a cold answer. */
export function grouped(value: number, max = 0, min = 0): string {
  if (!Number.isFinite(value)) return NOT_FINITE;
  let [int, frac] = roundedDigits(Math.abs(value), max);
  while (frac.length > min && frac.endsWith('0')) frac = frac.slice(0, -1);
  while (frac.length < min) frac += '0';
  int = int.replace(/\B(?=(\d{3})+$)/g, ',');
  return `${value < 0 && /[1-9]/.test(int + frac) ? '-' : ''}${int}${frac ? `.${frac}` : ''}`;
}

/** The integer and decimal digits of `abs` rounded to `max` decimals, from its shortest decimal form. */
function roundedDigits(abs: number, max: number): [string, string] {
  const text = String(abs);
  // Exponent forms (1e21, 5e-7) are beyond what a filing prints: the binary value's rounding will do
  // (toFixed writes an exponent from 1e21 up: the digits are written out).
  if (abs >= 1e21) return [wholeDigits(abs), ''];
  if (/e/.test(text)) return abs.toFixed(Math.min(max, 100)).split('.').concat('').slice(0, 2) as [string, string];
  const [int, frac = ''] = text.split('.') as [string, string?];
  if (frac.length <= max) return [int, frac];
  let digits = int + frac.slice(0, max);
  if (frac[max]! >= '5') {
    // Add one at the last kept digit, carrying.
    const d = digits.split('');
    let i = d.length - 1;
    while (i >= 0 && d[i] === '9') d[i--] = '0';
    if (i >= 0) d[i] = String(Number(d[i]) + 1);
    else d.unshift('1');
    digits = d.join('');
  }
  const cut = digits.length - max;
  return [digits.slice(0, cut), digits.slice(cut)];
}

/** Decimals a computed percentage is written with: the three significant digits the filings' amounts
 * (four digits and more) carry, at least one decimal and at most two: 6.55%, 25.3%, 130.2%, 0.12%. */
export function percentDecimals(percent: number): number {
  const abs = Math.abs(percent);
  const whole = abs >= 1 ? Math.floor(Math.log10(abs)) + 1 : 0;
  return Math.min(2, Math.max(1, 3 - whole));
}

const SCALE_WORD: Record<number, string> = { 1e3: 'thousand', 1e6: 'million', 1e9: 'billion' };

/** "$10,705 million": an amount at a scale, with as many decimals as asked. */
function money(value: number, scale: number, digits: number): string {
  const word = SCALE_WORD[scale];
  return `${value < 0 ? '-' : ''}$${grouped(Math.abs(value), digits, digits)}${word ? ` ${word}` : ''}`;
}

const SCALE_NAME: Record<number, string> = { 1: 'dollars', 1e3: 'thousands', 1e6: 'millions', 1e9: 'billions' };

/** A record's value in the grid's scale: money in millions (the printed form beside it when the filing
 * prints another scale), a percentage to its printed decimals, per-share amounts in dollars. */
export function figureValue(r: FigureRecord, scale: number): string {
  const printedDecimals = /\.(\d+)/.exec(r.printed ?? '')?.[1]?.length;
  switch (r.unit) {
    case 'USD': {
      const same = r.scale === scale;
      const d = same ? (printedDecimals ?? 0) : r.scale !== null && r.scale < scale ? 1 : 0;
      const text = money(r.value / scale, scale, d);
      // "$3,459.7 million (3,459,743 in thousands as printed)".
      const asPrinted = r.scale !== null && r.scale !== scale && r.scale !== 1 && r.printed && r.status === 'reported';
      return asPrinted ? `${text} (${r.printed} in ${SCALE_NAME[r.scale!]} as printed)` : text;
    }
    case 'percent': {
      // As printed; a computed one at the precision of its inputs.
      const d = r.printed === null ? percentDecimals(r.value) : Math.max(1, printedDecimals ?? 1);
      return `${grouped(r.value, d, d)}%`;
    }
    case 'points':
      return `${r.value < 0 ? '-' : '+'}${grouped(Math.abs(r.value), 1, 1)} points`;
    case 'USD/share':
      return `${r.value < 0 ? '-' : ''}$${grouped(Math.abs(r.value), 2, 2)} per share`;
    case 'shares':
      return Math.abs(r.value) >= 1e6 ? `${grouped(r.value / 1e6, 1)} million shares` : `${grouped(r.value)} shares`;
    case 'count': {
      // At the scale the filing prints it ("162,105 million"), as a single figure's answer says it.
      const word = r.scale !== null ? SCALE_WORD[r.scale] : undefined;
      return word ? `${grouped(r.value / r.scale!, printedDecimals ?? 0, printedDecimals ?? 0)} ${word}` : grouped(r.value);
    }
    case 'ratio':
      return grouped(r.value, 2, 2);
    case 'times':
      return `${grouped(r.value, 2, 2)}x`;
    case 'days':
      return `${grouped(r.value, 1, 1)} days`;
  }
}
