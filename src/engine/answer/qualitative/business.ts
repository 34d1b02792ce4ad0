// What a company does, in its own words: the first sentence of Item 1 that says it ("We are principally
// engaged in the operation of membership warehouses ..."), past the year it was incorporated, the
// definitions of "we" and the forward-looking-statements caution, and the sentences after it. A report
// whose Item 1 says nothing of the kind (AMD's 2022 10-K holds only the caution there) is read in its
// first note ("Advanced Micro Devices, Inc. is a global semiconductor company.").
import type { FilingRow, StatementRow } from '../../index/types.js';
import { isBoilerplate } from './boilerplate.js';
import { sectionStatements, type FilingReader } from './reader.js';
import { ANSWER_TUNING } from '../tuning.js';

const Q = ANSWER_TUNING.qualitative;

const DESCRIBING_WORD = [
  String.raw`designs?|develops?|manufactur\w*|markets|sells?|provides?|offers?|operates?|serves?|distribut\w*|produces?`,
  String.raw`engaged in|principal business|business activit\w*|leading|largest`,
].join('|');
const DESCRIBES = new RegExp(String.raw`\b(?:is|are) (?:a|an|the|one of)\b|\b(?:${DESCRIBING_WORD})\b`, 'i');
// Said of the company itself ("We ...", "The Company ...", "AutoZone, Inc. (AutoZone, the Company, we,
// our or us) is ..."), not of its values or its markets ("Embraces Diversity is one of our Values").
const ITSELF = /^(?:we|our|the company|the corporation)\b|\([^)]*\b(?:the company|we)\b[^)]*\)\s+(?:is|are)\b/i;
const ONLY_HISTORY =
  /\b(?:was|were) (?:incorporated|organized|founded|formed|established)\b|\bbegan operations\b|\bcommon stock (?:trades|is traded|is listed)\b/i;
const NOTE_OPENING = /^(?:[A-Z][\w.,&'’ -]{1,80}?|the company|we)\s+(?:is|are)\s+(?:a|an|the|one of)\b/i;

/** The words a company's name opens with ("Advanced", "AutoZone", "Costco"), lower case. */
function nameWords(filing: FilingRow, names: string[]): string[] {
  return [...names, filing.company, filing.security_name ?? '']
    .map((n) =>
      n
        .trim()
        .split(/[\s,.]+/)[0]!
        .toLowerCase(),
    )
    .filter((w) => w.length > 1 && !['the', 'a'].includes(w));
}

function describes(s: StatementRow, own: string[]): boolean {
  if (s.kind !== 'sentence' || s.text.length < Q.minSentenceChars || isBoilerplate(s.text)) return false;
  const first = s.text
    .trim()
    .split(/[\s,.]+/)[0]!
    .toLowerCase();
  if (!DESCRIBES.test(s.text) || !(ITSELF.test(s.text) || own.includes(first))) return false;
  return !ONLY_HISTORY.test(s.text) || /\b(?:is|are) (?:a|an|the|one of)\b/i.test(s.text);
}

/** The sentence that says what the company does and up to `more` sentences after it. */
export function businessSentences(reader: FilingReader, filing: FilingRow, names: string[] = [], more = Q.business.more): StatementRow[] {
  const own = nameWords(filing, names);
  const item1 = sectionStatements(reader, filing, ['10K-Item-1'], Q.business.item1Statements);
  const at = item1.findIndex((s) => describes(s, own));
  if (at >= 0)
    return [
      item1[at]!,
      ...item1
        .slice(at + 1)
        .filter((s) => s.kind === 'sentence' && s.text.length >= Q.minSentenceChars && !isBoilerplate(s.text))
        .slice(0, more),
    ];
  // The first note of the financial statements, or the MD&A's overview.
  for (const tag of ['10K-Item-8', '10K-Item-7']) {
    const all = sectionStatements(reader, filing, [tag], Q.business.otherStatements);
    const k = all.findIndex((s) => s.kind === 'sentence' && NOTE_OPENING.test(s.text) && describes(s, own));
    if (k >= 0)
      return [
        all[k]!,
        ...all
          .slice(k + 1, k + 4)
          .filter((s) => s.kind === 'sentence' && s.text.length >= Q.minSentenceChars && !isBoilerplate(s.text))
          .slice(0, more),
      ];
  }
  return [];
}
