// Figures as an analyst reads them: "$10,705 million", "$1.76 per share", "566.0 million shares",
// "10.5%", with the scale the table states; large amounts also in billions when the question does.

import { fixed, grouped, percentDecimals } from '../../contract/figure-text.js';

export { grouped };

const SCALE_WORD: Record<number, string> = { 1e3: 'thousand', 1e6: 'million', 1e9: 'billion' };

/** A printed amount with its scale: 10705 at 1e6 -> "$10,705 million"; per-share and counts differ. */
export function money(value: number, scale: number, digits?: number): string {
  const abs = Math.abs(value);
  // As many decimals as the source printed; else none for amounts, two for small ones.
  const d = digits ?? (abs < 100 && !Number.isInteger(abs) ? 2 : 0);
  const text = grouped(abs, d, d);
  const word = SCALE_WORD[scale];
  return `${value < 0 ? '-' : ''}$${text}${word ? ` ${word}` : ''}`;
}

/** The same amount in billions, to one decimal: "$10.7 billion". */
export function inBillions(value: number, scale: number): string | undefined {
  const b = (value * scale) / 1e9;
  if (!Number.isFinite(b) || Math.abs(b) < 0.05) return undefined;
  return `${b < 0 ? '-' : ''}$${fixed(Math.abs(b), 1)} billion`;
}

/** An amount at its printed scale, large amounts also in billions when asked. An amount printed in
 * thousands is stated in millions, as a reader compares amounts, with the printed form beside it:
 * "$3,459.7 million; 3,459,743 in thousands as printed". */
export function amountAtScale(value: number, scale: number, decimals: number | undefined, billions: boolean): string {
  const b = billions ? inBillions(value, scale) : undefined;
  if (scale === 1e3 && Math.abs(value) >= 1e3) {
    const printed = `${grouped(value, decimals ?? 0, decimals ?? 0)} in thousands as printed`;
    return `${money(value / 1e3, 1e6, 1)}${b ? ` (≈ ${b})` : ''}; ${printed}`;
  }
  const base = money(value, scale, decimals);
  return b && b !== base ? `${base} (≈ ${b})` : base;
}

export const perShare = (v: number) => `${v < 0 ? '-' : ''}$${fixed(Math.abs(v), 2)} per share`;

export function shares(value: number, scale: number): string {
  const word = SCALE_WORD[scale];
  return `${grouped(value, 1)}${word ? ` ${word}` : ''} shares`;
}

/** A count at its printed scale, with the thing counted when known: "162,105 million gallons", "49,900
 * thousand"; never a currency. */
export function count(value: number, scale: number, decimals: number, noun: string): string {
  const word = SCALE_WORD[scale];
  return `${grouped(value, decimals, decimals)}${word ? ` ${word}` : ''}${noun ? ` ${noun}` : ''}`;
}

/** A fraction as a percentage, at the precision of the amounts it is computed from (percentDecimals). */
export const percent = (ratio: number, digits = percentDecimals(ratio * 100)) => `${fixed(ratio * 100, digits)}%`;
export const ratio = (x: number) => fixed(x, 2);
export const times = (x: number) => `${fixed(x, 2)}x`;
export const days = (x: number) => `${fixed(x, 1)} days`;
