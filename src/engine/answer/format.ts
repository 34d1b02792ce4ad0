// Figures as an analyst reads them: "$10,705 million", "$1.76 per share", "566.0 million shares",
// "10.5%", with the scale the table states; large amounts also in billions when the question does.

import { grouped } from '../../contract/figure-text.js';

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
  return `${b < 0 ? '-' : ''}$${Math.abs(b).toFixed(1)} billion`;
}

export const perShare = (v: number) => `${v < 0 ? '-' : ''}$${Math.abs(v).toFixed(2)} per share`;

export function shares(value: number, scale: number): string {
  const word = SCALE_WORD[scale];
  return `${grouped(value, 1)}${word ? ` ${word}` : ''} shares`;
}

export const percent = (ratio: number, digits = 1) => `${(ratio * 100).toFixed(digits)}%`;
export const ratio = (x: number) => x.toFixed(2);
export const times = (x: number) => `${x.toFixed(2)}x`;
export const days = (x: number) => `${x.toFixed(1)} days`;
