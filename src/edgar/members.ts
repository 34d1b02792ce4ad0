// The constituents a pull of many companies asks for: all of them (--all), or a GICS sector's or
// sub-industry's (--sector, --sub-industry), one ticker a company (the constituents file is read by
// CIK: GOOG and GOOGL are one company). A name is the GICS name in any case, spacing, "&" or "and"
// (contract/canonical.ts); else, when only one name fits, its initials ("IT") or the starts of its
// words, in order ("info tech", "health"). Pure.
import { canonicalSector, canonicalSubIndustry } from '../contract/canonical.js';
import { GICS_SECTORS, GICS_SUB_INDUSTRIES } from '../contract/gics.js';
import type { Constituent } from '../engine/corpus-ingest.js';

export interface MemberAsk {
  all?: boolean;
  sector?: string;
  subIndustry?: string;
}

const words = (s: string) =>
  s
    .toLowerCase()
    .replace(/\band\b/g, '&')
    .split(/[^a-z0-9&]+/)
    .filter((w) => w && w !== '&');

/** Names whose initials are the input ("IT"), or each of whose words in turn the input's words start. */
function shortFormOf(input: string, names: readonly string[]): string[] {
  const asked = words(input);
  if (asked.length === 0) return [];
  const initials = (n: string) =>
    words(n)
      .map((w) => w[0])
      .join('');
  const byInitials = asked.length === 1 && asked[0]!.length >= 2 ? names.filter((n) => initials(n) === asked[0]) : [];
  if (byInitials.length > 0) return byInitials;
  return names.filter((n) => {
    const ws = words(n);
    let at = 0;
    for (const a of asked) {
      while (at < ws.length && !ws[at]!.startsWith(a)) at++;
      if (at === ws.length) return false;
      at++;
    }
    return true;
  });
}

/** The GICS name an input means, or why none. */
export function gicsName(input: string, kind: 'sector' | 'sub-industry'): { name: string } | { error: string } {
  const names: readonly string[] = kind === 'sector' ? GICS_SECTORS : GICS_SUB_INDUSTRIES;
  const exact = (kind === 'sector' ? canonicalSector : canonicalSubIndustry)(input);
  if (exact.ok) return { name: exact.value };
  const fits = shortFormOf(input, names);
  if (fits.length === 1) return { name: fits[0]! };
  if (fits.length > 1)
    return { error: `"${input}" could be any of the GICS ${kind === 'sector' ? 'sectors' : 'sub-industries'} ${fits.join(', ')}` };
  return { error: exact.reason };
}

/** The tickers of the constituents asked, one a company, in the file's order; or why none. */
export function membersOf(
  constituents: Map<string, Constituent>,
  ask: MemberAsk,
): { tickers: string[]; named: string } | { error: string } {
  const all = [...constituents.values()].filter((c) => c.symbol);
  if (ask.sector !== undefined || ask.subIndustry !== undefined) {
    const kind = ask.sector !== undefined ? 'sector' : 'sub-industry';
    const asked = (ask.sector ?? ask.subIndustry)!;
    const g = gicsName(asked, kind);
    if ('error' in g) return { error: `--${kind}: ${g.error}` };
    const field = (c: Constituent) => (kind === 'sector' ? c.sector : c.subIndustry);
    const members = all.filter((c) => field(c).toLowerCase() === g.name.toLowerCase());
    if (members.length === 0) return { error: `--${kind}: the constituents file lists no company in ${g.name}` };
    return { tickers: members.map((c) => c.symbol), named: `the ${members.length} constituents in ${g.name}` };
  }
  return { tickers: all.map((c) => c.symbol), named: `the ${all.length} constituents` };
}
