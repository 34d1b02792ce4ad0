// A company named again in parentheses ("Square (Block)", "Facebook (now Meta)", "Block (formerly
// Square)"): the same company, its second name no word of the measure.
import type { CompanyLinker, CompanyLink } from '../companies/link.js';
import { escapeRegExp } from '../text/regexp.js';

/** The [start, end) of each parenthesis right after a link's words that names the same company. */
export function namedAgain(question: string, links: CompanyLink[], linker: CompanyLinker): [number, number][] {
  const out: [number, number][] = [];
  for (const l of links) {
    const m = new RegExp(
      `${escapeRegExp(l.text)}\\s*\\(\\s*(?:(?:formerly|now|previously|aka|a\\.k\\.a\\.)\\s+)?([^()]{1,40})\\)`,
      'i',
    ).exec(question);
    if (m && linker.link(m[1]!).some((x) => x.ticker === l.ticker)) out.push([m.index + m[0].indexOf('('), m.index + m[0].length]);
  }
  return out;
}

/** The [start, end) of each other mention of a linked company by its display name ("JCI ... net income
 * attributable to Johnson Controls"): the company again, not a word of the measure. */
export function namedElsewhere(
  question: string,
  links: CompanyLink[],
  displayOf: (ticker: string) => string | undefined,
): [number, number][] {
  const out: [number, number][] = [];
  for (const l of links) {
    const name = displayOf(l.ticker);
    if (!name || name.toLowerCase() === l.text.toLowerCase()) continue;
    for (const m of question.matchAll(new RegExp(`\\b${escapeRegExp(name)}\\b`, 'gi'))) out.push([m.index!, m.index! + m[0].length]);
  }
  return out;
}
