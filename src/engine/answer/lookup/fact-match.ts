// How well a fact's names account for a question: its members must each be named (a run of the
// question's words spelling one of their names, words of their own); every word the question used for
// the measure must be one of the fact's names; and the fact is named literally when its row label,
// its group, its concept's standard label or the lexicon's label of its line item is said as a run.
// The score counts the question's words those runs account for (a row's own label and its members
// most, the concept's label nearly as much, a group and the lexicon's general names less), less what
// the fact's label says that the question did not, what only stray names account for, and a group or
// implied member left unsaid.
import { runOf } from './fact-words.js';
import { ANSWER_TUNING } from '../tuning.js';

const F = ANSWER_TUNING.facts;

export interface FactNames {
  /** The row's own label as words, with its variants ("Total" or ", net" left out); none when the
   * label only names a member ("Services" under "Cost of sales"). */
  own: string[][];
  /** The row's group ("Cost of sales"), unless the group names a member. */
  group: string[][];
  /** The concept's names: its words, its standard label. */
  standard: string[][];
  /** The lexicon's labels of the concept's line item ("net sales" of revenue): analysts' names. */
  lexicon: string[][];
  /** Every word of every name (what a word may be accounted for by). */
  all: Set<string>;
  /** The row label's words (what the fact says it is). */
  labelWords: string[];
  members: { implicit: boolean; names: string[][] }[];
}

/** Words a question may use that say nothing of which fact (or are said by the period and company). */
export const QUIET = new Set([
  'total',
  'net',
  'amount',
  'member',
  'segment',
  'operation',
  'report',
  'reported',
  'consolidated',
  'fiscal',
  'year',
  'period',
  'end',
  'ended',
  'quarter',
  'month',
  'balance',
  'value',
]);

export interface FactMatch {
  score: number;
  /** Some label of the fact is said as a run. */
  literal: boolean;
  /** Required words accounted for only by a name that is not said as a run. */
  weak: number;
  /** Its label as printed is said, and with its members' names accounts for every word required. */
  asPrinted: boolean;
}

// How much a word said counts by what says it: ANSWER_TUNING.facts.place.
const PLACE = F.place;
type Said = { run: number[]; name: string[]; kind: 'own' | 'standard' | 'group' | 'lexicon' };

/**
 * The match of a fact against the question's words `q`, the words `required` of the measure (all
 * accounted for, or no match) and the company's words (a member may carry the company's name); with
 * `whole`, every word of `q` must be accounted for by a name said (but those of `spare`, glue words
 * the question may or may not share with a label: "during").
 */
export function matchFact(
  n: FactNames,
  q: string[],
  required: string[],
  company: Set<string>,
  whole = false,
  spare?: Set<number>,
): FactMatch | undefined {
  const weight = new Array<number>(q.length).fill(0);
  const mark = (idx: number[] | undefined, w: number) => {
    for (const i of idx ?? []) weight[i] = Math.max(weight[i]!, w);
  };
  // The labels said, each where the question first says it.
  const said: Said[] = [];
  for (const kind of ['own', 'standard', 'group', 'lexicon'] as const) {
    for (const name of n[kind]) {
      const run = runOf(q, name);
      if (run && name.some((x) => !QUIET.has(x))) said.push({ run, name, kind });
    }
  }
  // A member's words are its own: not inside a longer label said ("Cash" of "cash and cash
  // equivalents" names no member Cash) unless the row's own label prints the member, nor shared in
  // part with a label ("Accumulated Other Comprehensive Income" and "other comprehensive income (loss),
  // net of tax" cannot both be said by one "accumulated other comprehensive income loss net of tax").
  // (Words such as "total" say nothing of which: a member "Segments Total" and a label "total assets"
  // may share it.)
  const clash = (r: number[], name: string[]) =>
    said.some((x) => {
      const shared = r.filter((i) => x.run.includes(i) && !QUIET.has(q[i]!)).length;
      if (shared === 0 || x.run.every((i) => r.includes(i))) return false;
      if (r.every((i) => x.run.includes(i))) return !(x.kind === 'own' && runOf(x.name, name));
      return true;
    });
  const taken = new Set<number>();
  let implicitUnnamed = 0;
  // The members that must be named first, then those of longer names: "Cardiovascular / Metabolism /
  // Other" is the sub-segment's name, and its "Other" no product Other's; "Hardware" is the product
  // Hardware's, its segment Hardware Business said by it.
  const longest = (m: FactNames['members'][number]) => Math.max(...m.names.map((x) => x.length));
  for (const m of [...n.members].sort((a, b) => Number(a.implicit) - Number(b.implicit) || longest(b) - longest(a))) {
    // A name less the company's words ("U.S." of Walmart U.S.) names the member less surely.
    const named = m.names
      .flatMap((name) => [
        { name, w: PLACE.member },
        { name: name.filter((w) => !company.has(w)), w: PLACE.member / 2 },
      ])
      .map(({ name, w }) => {
        for (let from = 0; from < q.length; ) {
          const r = runOf(q, name, from);
          if (!r) return undefined;
          if (r.every((i) => !taken.has(i)) && !clash(r, name)) return { r, w };
          from = r[0]! + 1;
        }
        return undefined;
      })
      .find((x) => x !== undefined);
    const run = named?.r;
    if (!run) {
      // A part the question does not name is another figure than the one asked.
      if (!m.implicit) return undefined;
      implicitUnnamed++;
    } else {
      mark(run, named.w);
      for (const i of run) taken.add(i);
    }
  }
  for (const x of said) mark(x.run, PLACE[x.kind]);
  // A label said by words of its own: the measure itself is named, not only its members.
  const labels = said.filter((x) => x.run.some((i) => !taken.has(i)));
  const literal = labels.length > 0;
  // The question's words are this fact's names and nothing else ("cash, cash equivalents, restricted
  // cash and restricted cash equivalents" one label, not four measures).
  if (whole && q.some((w, i) => !QUIET.has(w) && weight[i] === 0 && !spare?.has(i))) return undefined;
  let weak = 0;
  let measure = literal;
  for (const r of required) {
    const at = q.flatMap((x, i) => (x === r && weight[i]! > 0 ? [i] : []));
    if (at.length > 0) {
      measure ||= at.some((i) => !taken.has(i));
      continue;
    }
    if (n.all.has(r)) measure = true;
    else if (!company.has(r) && !n.members.some((m) => m.names.some((name) => name.includes(r)))) return undefined;
    weak++;
  }
  // A fact named by its members alone is not asked ("General and administrative" of share-based
  // compensation is its part, not general and administrative expense).
  if (!measure) return undefined;
  const asked = new Set(q);
  // Words of its printed label the question does not say make it narrower ("Credit card" of
  // provisions), unless the concept's own label is said: then the fact is that concept.
  const standardSaid = labels.some((x) => x.kind === 'standard');
  // (Of the label as said: "Trade receivables, net of allowances of $18" said as "trade receivables".)
  const ownSaid = labels.filter((x) => x.kind === 'own');
  const unsaid = (ws: string[]) => ws.filter((w) => !asked.has(w) && !QUIET.has(w) && !company.has(w)).length;
  const extras = standardSaid ? 0 : Math.min(...(ownSaid.length > 0 ? ownSaid.map((x) => x.name) : [n.labelWords]).map(unsaid));
  // A row under a group the question does not say is the group's part ("Projected benefit obligation"
  // under "Over (under) funded status"): a little less likely than one that needs no group.
  const unsaidGroup = Math.min(F.maxUnsaidGroup, (n.group[0] ?? []).filter((w) => !asked.has(w) && !QUIET.has(w)).length);
  // Its label said less a word it prints ("Total deferred revenues" of "deferred revenues"): less
  // likely than a label said as printed.
  const variant = ownSaid.length > 0 && !ownSaid.some((x) => x.name === n.own[0]) ? 1 : 0;
  const printed = ownSaid.find((x) => x.name === n.own[0]);
  const asPrinted = !!printed && required.every((r) => q.some((x, i) => x === r && (printed.run.includes(i) || taken.has(i))));
  // The concept's own label said tells which of a row's columns (cost, gains, fair value) is asked.
  const score =
    weight.reduce((a, b) => a + b, 0) +
    (standardSaid ? F.standardSaid : 0) -
    F.weak * weak -
    F.extra * extras -
    F.implicitUnnamed * implicitUnnamed -
    F.unsaidGroup * unsaidGroup -
    F.variant * variant;
  return { score, literal, weak, asPrinted };
}
