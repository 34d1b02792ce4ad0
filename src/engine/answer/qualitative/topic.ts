// What a question asks about, as the words a passage must share with it: the words the reading took for
// a measure, a qualifier, a search or nothing (never the company's, the period's or the kind's own),
// stemmed, with a few words that name one idea taken as one ("reliance", "dependent", "concentration";
// "cybersecurity", "cyber-attacks"). Proper names ("Apple", "TSMC", "China") are what a passage must
// name to answer at all.
import type { Reading } from '../../question/reading.js';
import { STOP_WORDS } from '../../text/vocabulary.js';
import { stem, words } from '../../text/words.js';
import { wordFacts } from '../../question/derived.js';

export interface Topic {
  /** The ideas asked about, each a stem or a family's name. */
  ideas: string[];
  /** Of those, the proper names: a passage that lacks one does not answer. */
  proper: string[];
}

// Words that say how a question asks, never what about.
const ASKING = new Set(
  (
    'risk risks exposure exposed expose exposes vulnerable susceptible sensitive say says said describe affect affects ' +
    'affected impact impacts impacted hurt harm face faces facing concern concerns change changes changed changing ' +
    'brand brands product products sell sells offer offers make makes main key major biggest largest top own name names'
  ).split(' '),
);
// Stop words of a search ("in which currency") that name a risk asked about ("foreign currency risk").
const RISK_NOUNS = new Set(['currency']);
// Words that name one idea: a dependence on someone, however it is put.
const FAMILY: Record<string, string> = {
  depend: 'depend',
  relianc: 'depend',
  reliant: 'depend',
  reli: 'depend',
  concentr: 'depend',
};

/** The idea a word of a text or a question names. */
export function ideaOf(word: string): string {
  if (word.startsWith('cyber')) return 'cyber';
  const s = stem(word);
  return FAMILY[s] ?? s;
}

/** The ideas of a text and how often it names each (a hyphenated word is its parts too:
 * "cyber-attacks", "weather-normalized"). */
export function ideasOf(text: string): Map<string, number> {
  const out = new Map<string, number>();
  const add = (i: string) => out.set(i, (out.get(i) ?? 0) + 1);
  for (const w of words(text)) {
    const parts = w.includes('-') ? w.split('-').filter(Boolean) : [];
    const ideas = new Set([ideaOf(w), ...parts.map(ideaOf)]);
    for (const i of ideas) add(i);
  }
  return out;
}

/** What `r` asks about; `others` are companies it names that are not the ones answered ("How dependent
 * is Skyworks on Apple?": Apple is what is asked about). */
export function topicOf(r: Reading, others: string[] = []): Topic {
  const asked = r.words.filter((w) => w.role === 'measure' || w.role === 'qualifier' || w.role === 'search' || w.role === 'unread');
  const ideas: string[] = [];
  const proper: string[] = [];
  const add = (tokens: string[], isProper: boolean) => {
    for (const w of tokens) {
      if ((STOP_WORDS.has(w) && !RISK_NOUNS.has(w)) || ASKING.has(w) || w.length < 2) continue;
      const idea = ideaOf(w);
      if (!ideas.includes(idea)) ideas.push(idea);
      if (isProper && !proper.includes(idea)) proper.push(idea);
    }
  };
  for (const w of asked) add(wordFacts(w).tokens, wordFacts(w).proper);
  for (const o of others) add(words(o.replace(/['’]s?$/, '')), true);
  return { ideas, proper };
}

/** How many ideas of `topic` a text names, how often (each up to `cap` times), and how many of its
 * proper names. */
export function hitsIn(text: string, topic: Topic, cap = 1): { ideas: number; often: number; proper: number } {
  const have = ideasOf(text);
  // A stem that begins another names it too ("suppli" of "supply" in "supplier"), when long enough.
  const count = (i: string) => {
    let n = have.get(i) ?? 0;
    if (i.length >= PREFIX) for (const [k, v] of have) if (k !== i && (k.startsWith(i) || (k.length >= PREFIX && i.startsWith(k)))) n += v;
    return n;
  };
  const counts = new Map(topic.ideas.map((i) => [i, count(i)]));
  return {
    ideas: topic.ideas.filter((i) => counts.get(i)! > 0).length,
    often: topic.ideas.reduce((n, i) => n + Math.min(cap, counts.get(i)!), 0),
    proper: topic.proper.filter((i) => counts.get(i)! > 0).length,
  };
}

const PREFIX = 5;
