// A company named only by one of its parts: "What were CooperSurgical's office and surgical net sales?",
// "Frito-Lay North America's net revenue", "Blizzard's segment net revenues". The names tried are the
// question's runs of capitalised words (a possessive dropped), longest first; whose part each is, the
// index says (retrieve/part-owners.ts): the one company whose tables print it.
import type { CompanyLink } from '../companies/link.js';
import { MONTH_START } from '../text/vocabulary.js';

// A run of capitalised words: "Frito-Lay North America", "CooperSurgical".
const RUN = /\b[A-Z][\w&.-]*(?:['’]s)?(?:\s+[A-Z][\w&.-]*(?:['’]s)?)*/g;
// Capitalised words that name nothing: the question's opening words, months, forms, periods.
const NOT_A_NAME = new RegExp(
  `^(?:what|how|which|who|in|for|per|the|did|was|were|is|are|does|do|by|according|using|from|as|at|on|of|its|fiscal|fy` +
    String.raw`|q[1-4]|h[12]|gaap|non-gaap|u\.?s\.?|us|(?:${MONTH_START})[a-z]*\.?|form|10-k|10-q|8-k|item|note|total|net|segment)$`,
  'i',
);
// A name of one letter or two is initials any company may use.
const MIN_CHARS = 3;
// The most names asked of the index, longest first: each is a search of every shard, and a question
// names its part in one of its few longest runs (a run of capitalised nonsense asks no more).
const MAX_NAMES = 4;

/** The link of the first run of `question` whose owner the index knows, as a part's link. */
export function ownedPart(question: string, ownerOf: (name: string) => string | undefined): CompanyLink | undefined {
  const runs = [...question.matchAll(RUN)].flatMap((m) => {
    const ws = m[0].split(/\s+/).map((w) => w.replace(/['’]s$/, '').replace(/\.$/, ''));
    // (The run's opening words that name nothing are left out: "In CooperSurgical" is "CooperSurgical".)
    while (ws.length > 0 && NOT_A_NAME.test(ws[0]!)) ws.shift();
    while (ws.length > 0 && NOT_A_NAME.test(ws[ws.length - 1]!)) ws.pop();
    const name = ws.join(' ');
    return name.length >= MIN_CHARS && !/^\d/.test(name) ? [name] : [];
  });
  for (const name of [...new Set(runs)].sort((a, b) => b.length - a.length).slice(0, MAX_NAMES)) {
    const ticker = ownerOf(name);
    if (ticker) return { ticker, text: name, how: 'alias' };
  }
  return undefined;
}
