// Canonical filter values. Each canonicalizer takes what a person or client typed and returns the one
// spelling the index stores, or a reason it cannot. Pure: no I/O, no knowledge of the index.
import { GICS_SECTORS, GICS_SUB_INDUSTRIES } from './gics.js';
import { closestNames } from './suggest.js';
import { canonicalItemTag } from './item-tags.js';

export type Canonical = { ok: true; value: string } | { ok: false; reason: string };

const ok = (value: string): Canonical => ({ ok: true, value });
const no = (reason: string): Canonical => ({ ok: false, reason });

/** A real calendar date? (month 1-12, day within the month, leap years honoured) */
export function isRealDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d <= days;
}

/** `brk.b` -> `BRK.B`; `$aapl` -> `AAPL`. Letters, digits, dot and dash; 1 to 10 characters. */
export function canonicalTicker(input: string): Canonical {
  const s = input.trim().replace(/^\$/, '').toUpperCase();
  if (!/^[A-Z][A-Z0-9]{0,5}(?:[.-][A-Z0-9]{1,3})?$/.test(s)) {
    return no(`"${input}" is not a ticker symbol (letters and digits, optionally a class suffix such as BRK.B)`);
  }
  return ok(s);
}

/** `2023`, `FY2023`, `fy-2023`, `FY 2023`, `FY23` -> `FY-2023` (years 1990 to 2099). */
export function canonicalFiscalYear(input: string): Canonical {
  const m = /^(?:FY)?[\s-]?(\d{4}|\d{2})$/i.exec(input.trim());
  if (!m) return no(`"${input}" is not a fiscal year (expected FY-YYYY, e.g. FY-2023)`);
  let year = Number(m[1]);
  if (m[1]!.length === 2) year += 2000;
  if (year < 1990 || year > 2099) return no(`fiscal year ${year} is out of range (1990 to 2099)`);
  return ok(`FY-${year}`);
}

/** `0930`, `9/30`, `09-30`, `9-30` -> `09-30`; must be a real month and day (02-29 allowed). */
export function canonicalFiscalYearEnd(input: string): Canonical {
  const s = input.trim();
  const m = /^(\d{2})(\d{2})$/.exec(s) ?? /^(\d{1,2})[-/.](\d{1,2})$/.exec(s);
  if (!m) return no(`"${input}" is not a fiscal year end (expected MM-DD, e.g. 09-30)`);
  const month = Number(m[1]);
  const day = Number(m[2]);
  if (!isRealDate(2024, month, day)) return no(`"${input}" is not a real month and day`);
  return ok(`${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`);
}

/** `YYYY-MM-DD`, a real calendar date. */
export function canonicalDate(input: string): Canonical {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(input.trim());
  if (!m) return no(`"${input}" is not a date (expected YYYY-MM-DD)`);
  if (!isRealDate(Number(m[1]), Number(m[2]), Number(m[3]))) return no(`"${input}" is not a real calendar date`);
  return ok(`${m[1]}-${m[2]}-${m[3]}`);
}

export const FORM_TYPES = ['10-K', '10-K/A', '10-KT', '10-Q', '10-Q/A', '8-K', '8-K/A', '20-F', '40-F', '6-K'] as const;
const FORMS = new Map(FORM_TYPES.map((f) => [f.replace(/[-\s]/g, ''), f]));

/** `10k` -> `10-K`, `10-k/a` -> `10-K/A`, `8 K` -> `8-K`, `Form 10-Q` -> `10-Q`. */
export function canonicalFormType(input: string): Canonical {
  const key = input
    .trim()
    .toUpperCase()
    .replace(/^FORM\s*/, '')
    .replace(/[-\s]/g, '');
  const form = FORMS.get(key);
  return form ? ok(form) : no(`"${input}" is not a known form type (${FORM_TYPES.join(', ')})`);
}

/** `names`' canonical spelling of an input; a refusal lists every name when there are few (the 11
 * sectors), else the closest ones (the sub-industries). */
function nameMatcher(names: readonly string[], what: string): (input: string) => Canonical {
  // Case, spacing and "&"/"and" do not matter: "information technology", "Oil and Gas Drilling".
  const key = (s: string) =>
    s
      .toLowerCase()
      .replace(/\band\b/g, '&')
      .replace(/\s+/g, ' ')
      .trim();
  const byKey = new Map(names.map((n) => [key(n), n]));
  return (input) => {
    const hit = byKey.get(key(input));
    if (hit) return ok(hit);
    const hint = names.length <= 12 ? `one of: ${names.join(', ')}` : `closest: ${closestNames(input, names).join('; ')}`;
    return no(`"${input}" is not a known GICS ${what} (${hint})`);
  };
}

export const canonicalSector = nameMatcher(GICS_SECTORS, 'sector');
export const canonicalSubIndustry = nameMatcher(GICS_SUB_INDUSTRIES, 'sub-industry');

export function canonicalItem(input: string): Canonical {
  const tag = canonicalItemTag(input);
  return tag ? ok(tag) : no(`"${input}" is not a known item tag (e.g. 10K-Item-1A, 10Q-Part2-Item-1A, 8K-Item-2.02)`);
}
