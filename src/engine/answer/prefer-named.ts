// Of a figure and the statement rows that conflict with it, the one the question names by its words.
import { cleanLabel } from '../lexicon/match.js';
import { stemsOf } from '../text/words.js';
import type { Resolved } from './resolve.js';

/** Words of how a statement presents a line, not of what it is. */
const PRESENTATION = new Set(['net', 'total', 'consolid']);

/** A label or question as a run of stems, padded, to find one within another: " net revenu ". */
const phrase = (s: string) => ` ${stemsOf(cleanLabel(s)).join(' ')} `;

/** Of a figure and the statement rows that conflict with it, the one whose printed label the
 * measure's words name word for word ("net revenues": "Net revenues", not "Total revenues"; "current
 * portion of long-term debt": its own row); the others stay conflicts. A one-word measure names a row
 * only when the chosen row's label lacks the word and that row's holds it ("sales": "Net sales"). */
/** `named`: the measure's phrase (measureFacts). */
export function preferNamed(r: Resolved, named: string | undefined): Resolved {
  if (!r.figure || r.conflicts.length === 0 || !named) return r;
  // (The measure's words as a run of stems: question/derived.ts's phrase, as `phrase` here makes a label's.)
  const q = named;
  // The chosen row's words all in the measure's text ("total net sales and revenues": "Total revenues"): kept.
  const asked = new Set(q.trim().split(' '));
  const chosen = phrase(r.figure.label);
  if (
    chosen
      .trim()
      .split(' ')
      .every((w) => asked.has(w))
  )
    return r;
  // "Net income" named, "Net income attributable to Rockwell" chosen: the chosen row is the one meant.
  // Or every word named, but for how a statement presents it, is in another row's label and not in the
  // chosen one's ("sales": "Net sales", not "Total revenues").
  const bare = (s: string) =>
    s
      .trim()
      .split(' ')
      .filter((w) => w && !PRESENTATION.has(w));
  const said = bare(q);
  const pick =
    r.conflicts.find((c) => {
      const p = phrase(c.label);
      return p.trim().includes(' ') && q.includes(p) && !chosen.includes(p);
    }) ??
    (said.length > 0 && !said.every((w) => chosen.includes(` ${w} `))
      ? r.conflicts.find((c) => said.every((w) => phrase(c.label).includes(` ${w} `)))
      : undefined);
  if (!pick) return r;
  return { figure: pick, conflicts: [r.figure, ...r.conflicts.filter((c) => c !== pick)] };
}
