// Whether one figure of a statement is the company's share of another ("Net income attributable to
// D.R. Horton, Inc." beside "Net income", noncontrolling interests included): two figures, each what its
// label says, no conflict between them.
const PARENT_SHARE = /\battributable to\b(?!.*\b(?:non-?controlling|minority)\b)/i;
const NOT_ATTRIBUTED = (label: string) => !/\battributable\b|\bnon-?controlling\b|\bminority\b/i.test(label);

/** What `other` is beside the figure stated when one is the company's share of the other: a figure that
 * includes noncontrolling interests, or the part attributable to the company's shareholders. */
export function shareOf(stated: string, other: string): 'includes_noncontrolling' | 'attributable' | undefined {
  if (PARENT_SHARE.test(stated) && NOT_ATTRIBUTED(other)) return 'includes_noncontrolling';
  if (NOT_ATTRIBUTED(stated) && PARENT_SHARE.test(other)) return 'attributable';
  return undefined;
}
