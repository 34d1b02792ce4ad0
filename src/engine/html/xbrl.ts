// Inline-XBRL facts: each ix:nonFraction read with its transformation format, scale and sign, its
// period and dimensions from its context, and its unit. Pure.
import type { XbrlFact } from '../tables/model.js';
import type { RawContext, RawFact } from './types.js';

const WORDS: Record<string, number> = {
  no: 0,
  none: 0,
  zero: 0,
  nil: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
  hundred: 100,
};

/** The number a displayed text stands for under an ixt transformation; null when unreadable. */
export function readIxNumber(text: string, format: string | null): number | null {
  const f = (format ?? '').toLowerCase();
  const t = text.trim();
  if (/fixed-zero|zerodash|fixedzero/.test(f)) return 0;
  if (/numwordsen|num-word/.test(f)) {
    let total = 0;
    let seen = false;
    for (const w of t.toLowerCase().split(/[\s-]+/)) {
      const v = WORDS[w];
      if (v === undefined) continue;
      seen = true;
      total = v === 100 ? Math.max(1, total) * 100 : total + v;
    }
    if (seen) return total;
    const n = Number(t.replace(/[^\d.]/g, ''));
    return t && Number.isFinite(n) ? n : null;
  }
  if (/^[\u2014\u2013-]+$/.test(t)) return 0;
  let digits: string;
  if (/comma-?decimal|numcommadecimal/.test(f)) digits = t.replace(/[^\d,]/g, '').replace(',', '.');
  else digits = t.replace(/[^\d.]/g, '');
  if (!/\d/.test(digits)) return null;
  const n = Number(digits);
  return Number.isFinite(n) ? n : null;
}

/** Removes binary floating noise from scaling (0.07 * 1e6 -> 70000, not 70000.00000000001). */
function tidy(n: number): number {
  return Number(n.toPrecision(15));
}

export function buildFact(raw: RawFact, contexts: Map<string, RawContext>, units: Map<string, string>): XbrlFact {
  const ctx = contexts.get(raw.contextRef);
  let value: number | null = null;
  if (!raw.nil) {
    const n = readIxNumber(raw.text, raw.format);
    if (n !== null) {
      const scale = Number(raw.scale ?? 0);
      value = tidy(n * 10 ** (Number.isFinite(scale) ? scale : 0));
      if (raw.sign === '-') value = -value;
      if (Object.is(value, -0)) value = 0;
    }
  }
  const decimals = raw.decimals === null || /inf/i.test(raw.decimals) ? null : Number(raw.decimals);
  const fact: XbrlFact = {
    concept: raw.name,
    value,
    unit: raw.unitRef ? (units.get(raw.unitRef) ?? raw.unitRef.toLowerCase()) : null,
    decimals: decimals !== null && Number.isFinite(decimals) ? decimals : null,
    end: ctx?.end ?? '',
    instant: ctx?.instant ?? false,
    dimensions: { ...(ctx?.dimensions ?? {}) },
  };
  if (ctx?.start) fact.start = ctx.start;
  return fact;
}
