// Figures as an analyst reads them: "$10,705 million", "$1.76 per share", "566.0 million shares",
// "10.5%", with the scale the table states; large amounts also in billions when the question does.

const SCALE_WORD: Record<number, string> = { 1e3: 'thousand', 1e6: 'million', 1e9: 'billion' };

/** A number with thousands separators and between `min` and `max` decimals, as toLocaleString('en-US')
 * writes it (rounding its shortest decimal form half away from zero: 2.675 -> "2.68"), without Intl: its
 * first use loads ICU's number formats, 23 to 30 ms of a cold answer. */
export function grouped(value: number, max = 0, min = 0): string {
  let [int, frac] = roundedDigits(Math.abs(value), max);
  while (frac.length > min && frac.endsWith('0')) frac = frac.slice(0, -1);
  while (frac.length < min) frac += '0';
  int = int.replace(/\B(?=(\d{3})+$)/g, ',');
  return `${value < 0 && /[1-9]/.test(int + frac) ? '-' : ''}${int}${frac ? `.${frac}` : ''}`;
}

/** The integer and decimal digits of `abs` rounded to `max` decimals, from its shortest decimal form. */
function roundedDigits(abs: number, max: number): [string, string] {
  const text = String(abs);
  // Exponent forms (1e21, 5e-7) are beyond what a filing prints: the binary value's rounding will do.
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
