// The count a question asks ("how many employees", "the number of stores", "headcount"): the noun
// counted, so that a number of things is answered, not an amount of money.
import type { Measure } from './reading.js';
import { isVerb } from './vocabulary.js';

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
  // ("By how many dollars did revenue increase" asks an amount of money, no count of things.)
  if (m && /^(?:dollars|cents|euros|pounds|yen)$/i.test(m[1]!)) return {};
  if (m && PEOPLE.test(m[1]!.split(/\s+/).pop()!) && EMPLOYMENT.test(question)) return { count: 'employees' };
  if (m)
    return {
      count: m[1]!
        .split(/\s+/)
        .filter((w, i, ws) => i === 0 || !/ed$/i.test(w) || i < ws.length - 1)
        .pop()!
        .toLowerCase(),
    };
  if (/\b(?:headcount|workforce)\b/i.test(question)) return { count: 'employees' };
  const words = measures.length === 1 && !measures[0]!.item && !measures[0]!.metric ? measures[0]!.words : [];
  const noun = words[words.length - 1];
  // "total client count": a count of the noun before "count" (whatever the company counts).
  const before = words[words.length - 2];
  if (noun && /^count$/i.test(noun) && before && /^[a-z]{3,}$/i.test(before)) return { count: before.toLowerCase() };
  return noun && COUNTED.test(noun) ? { count: noun.toLowerCase() } : {};
}

// Things a filing counts rather than prices.
const COUNTED = new RegExp(
  '^(?:employees|workforce|headcount|staff|stores|restaurants|locations|warehouses|clubs|branches|offices|customers|members' +
    '|subscribers|users|accounts|countries|patents|vessels|aircraft|airplanes|deliveries|units|shareholders|holders)$',
  'i',
);

// "How many people work for Accenture", "how many people does Nike employ", "workers employed by": the
// company's employees, the people its verb says it employs (not the people it serves or sells to).
const PEOPLE = /^(?:people|persons|individuals|workers)$/i;
const EMPLOYING = /^(?:work|works|worked|working|employ|employs|employed|employing)$/i;
const EMPLOYMENT = /\b(?:work(?:s|ed|ing)?\s+(?:for|at|in)\b|employ(?:s|ed|ing)?\b)/i;

/** The measures with people a company employs read as its employees. */
export function asEmployees(question: string, measures: Measure[]): Measure[] {
  if (!EMPLOYMENT.test(question)) return measures;
  return measures.map((m) => {
    if (m.item || m.metric || !m.words.some((w) => PEOPLE.test(w))) return m;
    const employees = (ws: string[]) => ws.filter((w) => !EMPLOYING.test(w)).map((w) => (PEOPLE.test(w) ? 'employees' : w));
    return { ...m, text: employees(m.text.split(/\s+/)).join(' '), words: employees(m.words) };
  });
}

// "How many customers does Atmos Energy serve?", "how many stores does Walmart operate": a verb after
// the company that counts nothing of its own is the question's, not a word of the thing counted ("how
// many shares did Apple repurchase" keeps its verb: the shares repurchased).
const COUNTING_VERB =
  /^(?:serve[sd]?|operate[sd]?|process(?:es|ed)?|run|runs|own|owns|owned|have|has|had|maintain(?:s|ed)?|employ(?:s|ed)?)$/i;

/** Spans of such verbs: the word after "do/does/did" and the company's words, in a question that counts. */
export function countingVerbs(question: string, words: { word: string; start: number; end: number; role?: string }[]): [number, number][] {
  if (!COUNT_PHRASE.test(question)) return [];
  const out: [number, number][] = [];
  for (let i = 0; i < words.length; i++) {
    if (!/^(?:do|does|did)$/i.test(words[i]!.word)) continue;
    let j = i + 1;
    while (words[j]?.role === 'company') j++;
    const verb = words[j];
    if (j > i + 1 && verb && !verb.role && COUNTING_VERB.test(verb.word)) out.push([verb.start, verb.end]);
  }
  return out;
}

/** The verb of "did|does|do <company> <verb>" ("did Pfizer earn", "does Atmos Energy serve"), or the one
 * ending the question's subject before its period ("did Johnson Controls' Global Products segment earn
 * in fiscal 2023?"): the question's, asking the figure whatever it is, never a word of the measure. */
export function askingVerbs(ws: { word: string; start: number; end: number; role?: string }[]): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < ws.length; i++) {
    // "of its net revenues were earned in the U.S.": a passive verb before where or when, never a
    // word of the measure ("earned premiums").
    const next = ws[i + 1];
    if (/^(?:was|were|is|are|been)$/i.test(ws[i]!.word) && next && !next.role && SUBJECT_VERB.test(next.word)) {
      const after = ws[i + 2];
      if (!after || after.role === 'period' || PLACE_OR_TIME.test(after.word)) out.push([next.start, next.end]);
    }
    if (!/^(?:do|does|did)$/i.test(ws[i]!.word)) continue;
    let j = i + 1;
    while (ws[j]?.role === 'company') j++;
    const verb = ws[j];
    if (j > i + 1 && verb && !verb.role && isVerb(verb.word)) {
      out.push([verb.start, verb.end]);
      continue;
    }
    // (The subject holds the company: "did Broadcom Inc.'s semiconductor solutions segment earn".)
    if (!ws.slice(i + 1, j + 1).some((w) => w.role === 'company')) continue;
    for (let k = j; k < ws.length && k <= j + SUBJECT_WORDS; k++) {
      const w = ws[k]!;
      if (w.role) break;
      if (!SUBJECT_VERB.test(w.word)) continue;
      const next = ws[k + 1];
      const after = next && /^(?:in|during|for|over)$/i.test(next.word) ? ws[k + 2] : next;
      if (!after || after.role === 'period') out.push([w.start, w.end]);
      break;
    }
  }
  return out;
}
// Words after a passive verb that say where or when ("were earned in the U.S.", "was recorded during").
const PLACE_OR_TIME = /^(?:in|during|for|outside|within|at|across|over|by)$/i;
// The most words between the company and the verb ending the subject ("Global Products segment").
const SUBJECT_WORDS = 6;
// Verbs ending a subject that ask the figure as it is ("segment earn"); never one that asks a change
// ("revenue grow", "backlog increase").
const SUBJECT_VERB =
  /^(?:earn|earned|generate|generated|make|made|record|recorded|report|reported|post|posted|book|booked|incur|incurred|hold|held|owe)$/i;
