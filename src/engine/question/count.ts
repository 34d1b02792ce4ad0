// The count a question asks ("how many employees", "the number of stores", "headcount"): the noun
// counted, so that a number of things is answered, not an amount of money.
import type { Measure } from './reading.js';

// "how many stores did", "the number of full-time employees at": the counted phrase, before a verb or
// preposition.
const COUNT_PHRASE = new RegExp(
  String.raw`\b(?:how many|number of|count of)\s+((?:[A-Za-z][\w&'’.-]*\s+){0,4}?[A-Za-z][\w-]*)` +
    String.raw`(?=\s+(?:did|does|do|were|was|are|is|has|have|had|at|in|as|on|of|for|worked|work|across|by|during|were)\b|\s*[?.,]|$)`,
  'i',
);

/** "How many full-time equivalent employees", "the number of stores", "total employees": the noun
 * counted, the last word before the verb or preposition that ends the phrase, or a measure that is a
 * count of things by its noun. */
export function countOf(question: string, measures: Measure[]): { count?: string } {
  const m = COUNT_PHRASE.exec(question);
  // (A participle after the noun describes it: "number of shares repurchased" counts shares; "how many
  // times larger" asks a multiple.)
  if (m && /^times\b/i.test(m[1]!)) return {};
  if (m)
    return {
      count: m[1]!
        .split(/\s+/)
        .filter((w, i, ws) => i === 0 || !/ed$/i.test(w) || i < ws.length - 1)
        .pop()!
        .toLowerCase(),
    };
  if (/\b(?:headcount|workforce)\b/i.test(question)) return { count: 'employees' };
  const noun =
    measures.length === 1 && !measures[0]!.item && !measures[0]!.metric ? measures[0]!.words[measures[0]!.words.length - 1] : undefined;
  return noun && COUNTED.test(noun) ? { count: noun.toLowerCase() } : {};
}

// Things a filing counts rather than prices.
const COUNTED = new RegExp(
  '^(?:employees|workforce|headcount|staff|stores|restaurants|locations|warehouses|clubs|branches|offices|customers|members' +
    '|subscribers|users|accounts|countries|patents|vessels|aircraft|airplanes|deliveries|units|shareholders|holders)$',
  'i',
);
