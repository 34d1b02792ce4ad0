// The names a question may call an XBRL member by: the words of its local name ("NorthAmericaSegment"
// -> North America segment), the name the filing prints for it (a row, group or column whose words
// spell the local name), and the names analysts use for the taxonomy's standard members (a country
// code's country, "Level 2" for the fair-value level, "non-U.S." and "international" for NonUs).
import { camelWords } from './fact-words.js';
import { nameWords } from '../../text/name-words.js';

/** ISO codes of the country members (the "country:" taxonomy) and their usual English names. */
const COUNTRIES: Record<string, string[]> = {
  US: ['U.S.', 'United States', 'US', 'USA'],
  CN: ['China'],
  TW: ['Taiwan'],
  IL: ['Israel'],
  DE: ['Germany'],
  GB: ['United Kingdom', 'UK', 'U.K.'],
  JP: ['Japan'],
  IE: ['Ireland'],
  CA: ['Canada'],
  MX: ['Mexico'],
  IN: ['India'],
  CH: ['Switzerland'],
  NL: ['Netherlands'],
  FR: ['France'],
  KR: ['South Korea', 'Korea'],
  SG: ['Singapore'],
  BR: ['Brazil'],
  CL: ['Chile'],
  AU: ['Australia'],
  IT: ['Italy'],
  ES: ['Spain'],
  SE: ['Sweden'],
  BE: ['Belgium'],
  LU: ['Luxembourg'],
  HK: ['Hong Kong'],
  MY: ['Malaysia'],
  VN: ['Vietnam'],
  TH: ['Thailand'],
  PH: ['Philippines'],
  ID: ['Indonesia'],
  ZA: ['South Africa'],
  AR: ['Argentina'],
  CO: ['Colombia'],
  PE: ['Peru'],
  DK: ['Denmark'],
  NO: ['Norway'],
  FI: ['Finland'],
  AT: ['Austria'],
  PL: ['Poland'],
  PR: ['Puerto Rico'],
  CR: ['Costa Rica'],
  GT: ['Guatemala'],
  RU: ['Russia'],
  TR: ['Turkey'],
  AE: ['United Arab Emirates', 'UAE'],
  SA: ['Saudi Arabia'],
  NZ: ['New Zealand'],
  PT: ['Portugal'],
  GR: ['Greece'],
  CZ: ['Czech Republic'],
  HU: ['Hungary'],
  EG: ['Egypt'],
  NG: ['Nigeria'],
  KE: ['Kenya'],
  BM: ['Bermuda'],
  KY: ['Cayman Islands'],
  SK: ['Slovakia'],
  RO: ['Romania'],
};

/** Standard members analysts name otherwise than by their words. */
const STANDARD: Record<string, string[]> = {
  'us-gaap:NonUsMember': ['non-U.S.', 'international', 'foreign', 'outside the U.S.'],
  'srt:NonUsMember': ['non-U.S.', 'international', 'foreign', 'outside the U.S.'],
  'us-gaap:ServiceOtherMember': ['services and other'],
};

/** Axes and members a question leaves unsaid: a segment table's consolidation items (the operating
 * segments' total, reconciling items, corporate) and recurring fair-value measurement. A fact
 * carrying only these is read as the company's, after a fact carrying none. */
export const isImplicit = (axis: string, member: string) =>
  /:ConsolidationItemsAxis$/.test(axis) || /:FairValueMeasurementsRecurringMember$/.test(member);

const localOf = (q: string) => q.split(':')[1] ?? q;
const squash = (s: string) => nameWords(s).join('');

/** The member's own words: "us-gaap:FairValueInputsLevel2Member" -> Fair Value Inputs Level 2. */
export const memberWords = (member: string, glue = false) => camelWords(localOf(member).replace(/Member$/, ''), glue);

// Words that say what kind of part a name is, not which.
const KIND = /\s+(?:Segments?|Members?|Domain|Categor(?:y|ies)|Regions?|Business(?:es)?|Divisions?|Group)$/i;

/** Whether a printed label spells the member ("North America" for NorthAmericaSegmentMember). */
export function printsMember(label: string, member: string): boolean {
  const x = squash(label.replace(KIND, ''));
  return x.length > 0 && [false, true].some((glue) => x === squash(memberWords(member, glue).replace(KIND, '')));
}

/** Every name of the member as words, the filing's printed ones (`printed`) included. */
export function memberNames(member: string, printed: Iterable<string> = []): string[][] {
  const [prefix, local = ''] = member.split(':');
  const names: string[] = [];
  if (prefix === 'country') names.push(...(COUNTRIES[local] ?? []), local);
  else {
    names.push(memberWords(member), memberWords(member, true));
    const level = /^FairValueInputsLevel(\d)Member$/.exec(local);
    if (level) names.push(`Level ${level[1]}`);
    names.push(...(STANDARD[member] ?? []));
    // "NorthAmericaSegmentMember": "North America" is its name too.
    const bare = memberWords(member).replace(KIND, '');
    if (bare !== memberWords(member)) names.push(bare);
  }
  names.push(...printed);
  const out: string[][] = [];
  const seen = new Set<string>();
  for (const n of names) {
    const w = nameWords(n);
    const k = w.join(' ');
    if (w.length > 0 && !seen.has(k)) {
      seen.add(k);
      out.push(w);
    }
  }
  return out;
}
