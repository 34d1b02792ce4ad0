// Where a company is headquartered, as its 10-K says it: the sentence of Item 1 or Item 2 (Properties)
// that places its headquarters or principal executive offices ("Our principal executive office is
// located in Schaffhausen, Switzerland.", "Johnson Controls International plc, headquartered in Cork,
// Ireland, is ..."). A regional or operational headquarters is second to the company's own.
import type { FilingRow, StatementRow } from '../../index/types.js';
import { type Block, type QualitativeInput, quote, reportsOf, firstAnswer } from './block.js';
import { isBoilerplate } from './boilerplate.js';
import { sectionStatements } from './reader.js';
import { ANSWER_TUNING } from '../tuning.js';

const K = ANSWER_TUNING.qualitative.kinds.headquarters;

// Item 2 and Item 1 say it; Item 1A (a risk of where it sits) and the MD&A and notes, failing those.
const ITEMS = ['10K-Item-2', '10K-Item-1', '10K-Item-1A', '10K-Item-7', '10K-Item-8'];
const PLACE = /\bheadquarter(?:s|ed)\b|\bhead office\b|\bprincipal (?:executive|corporate|administrative) offices?\b/i;
// Placed somewhere named: "in Cork, Ireland", "at 1701 East Mossy Oaks Road, Spring, Texas".
const WHERE = /\b(?:in|at|near|located|based)\s+(?:near\s+|in\s+)?(?:the\s+)?(?:[A-Z0-9]|city of\b)/;
const OWN = /\b(?:corporate|global|world|worldwide|principal|main)\s+(?:executive\s+)?(?:headquarters|head office|offices?)\b/i;
// "Johnson Controls International plc, headquartered in Cork": the company's own, unless a part's.
const HEADQUARTERED = /\bheadquartered in\b|\bour headquarters (?:is|are)\b/i;
// A part's headquarters: a region's, a segment's, a subsidiary's ("headquarters for our Greater China
// geography", "Converse, headquartered in Boston").
const PART =
  /\b(?:regional|operational|divisional|segments?|subsidiar\w*|geography|business units?|brand)\b|\bheadquarters (?:for|of) (?:our|its|the)\b/i;
// A headquarters' costs or a lease's terms say nothing of where it is.
const NOT_WHERE = /\b(?:costs?|expenses?|allocated|lease (?:term|expir\w*)|relocat\w*|impairment)\b/i;

function score(s: StatementRow, rank: number): number {
  if ((s.kind !== 'sentence' && s.kind !== 'heading') || s.text.length > K.maxChars || isBoilerplate(s.text)) return -1;
  if (!PLACE.test(s.text) || !WHERE.test(s.text) || /\bofficers?\b/i.test(s.text) || NOT_WHERE.test(s.text)) return -1;
  const own = OWN.test(s.text);
  const part = PART.test(s.text);
  return K.items - rank + (own ? K.own : HEADQUARTERED.test(s.text) && !part ? K.own : 0) - (part && !own ? K.part : 0);
}

export function headquartersBlock(input: QualitativeInput, ticker: string): Block | undefined {
  return firstAnswer(reportsOf(input, ticker, ['10-K']), (filing) => headquartersIn(input, filing));
}

function headquartersIn(input: QualitativeInput, filing: FilingRow): Block | undefined {
  let best: { s: StatementRow; score: number } | undefined;
  ITEMS.forEach((tag, rank) => {
    for (const s of sectionStatements(input.reader, filing, [tag])) {
      const v = score(s, rank);
      if (v >= 0 && (!best || v > best.score)) best = { s, score: v };
    }
  });
  if (!best) return undefined;
  const { s } = best;
  return { picks: [s], write: (cite) => quote(s, cite) };
}
