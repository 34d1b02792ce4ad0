// Text that never answers a question, whatever words it shares with it: an 8-K's exhibit index and
// signature block, a report's cover page, the forward-looking-statements caution, the language that
// furnishes exhibits or keeps them from being "filed", the definitions of "we" and "the Company".
const BOILERPLATE = [
  new RegExp(
    [
      String.raw`^\s*(?:\d{1,3}(?:\.\d{1,2})?|10[14])\s+(?:the )?cover page\b`,
      String.raw`\bcover page (?:interactive data|from this|xbrl)\b|\bformatted in inline xbrl\b|\binline xbrl document\b`,
    ].join('|'),
    'i',
  ),
  /^\s*(?:exhibit (?:no\.?|number|index)|description of exhibit|\(d\) exhibits)\b/i,
  /\bis (?:furnished|filed) (?:herewith )?as exhibit\b|\bincorporated (?:herein )?by reference\b/i,
  /\bindicate by check mark\b|\bcommission file number\b|\bsecurities registered pursuant to section 12\b|\blarge accelerated filer\b/i,
  /\bforward-looking (?:statements?|information)\b|\bprivate securities litigation reform act\b|\bsafe harbor\b/i,
  /\bshall not be deemed (?:to be )?(?:filed|incorporated)\b|\bpursuant to the requirements of the securities exchange act\b/i,
  /\bdoes not purport to be complete\b|\bqualified in (?:its|their) entirety by\b/i,
  new RegExp(
    [
      String.raw`^\s*(?:as used in this|unless (?:otherwise )?(?:indicated|stated|the context)|references (?:herein |in this [\w- ]+ )?to)\b`,
      String.raw`\brefer(?:s)? (?:collectively )?to\b[^.]{0,80}\b(?:subsidiaries|the company)\b|\bis referred to as\b`,
      String.raw`\bthe terms? ["“]?(?:we|company)`,
    ].join('|'),
    'i',
  ),
  /\bmake (?:available|our) [^.]{0,60}\b(?:reports?|filings?)\b[^.]{0,80}\b(?:free of charge|website)\b|\bavailable free of charge\b/i,
];

export function isBoilerplate(text: string): boolean {
  return BOILERPLATE.some((re) => re.test(text));
}
