// The item headings a document really has, among candidates: the highest-scoring chain whose items
// appear in both document order and the form's item order (a weighted longest increasing subsequence).
// Plain-text and HTML segmentation both choose their headings with it.
import type { ItemDef } from './titles.js';

export interface ChainNode {
  start: number;
  def: Pick<ItemDef, 'order'>;
  score: number;
}

/** `nodes` must be sorted by start. */
export function bestChain<N extends ChainNode>(nodes: N[]): N[] {
  const best = new Array<number>(nodes.length).fill(0);
  const prev = new Array<number>(nodes.length).fill(-1);
  for (let i = 0; i < nodes.length; i++) {
    const n = nodes[i]!;
    let b = 0;
    let p = -1;
    for (let j = 0; j < i; j++) {
      const m = nodes[j]!;
      if (m.start < n.start && m.def.order < n.def.order && best[j]! > b) {
        b = best[j]!;
        p = j;
      }
    }
    best[i] = b + n.score;
    prev[i] = p;
  }
  let last = -1;
  for (let i = 0; i < nodes.length; i++) if (last < 0 || best[i]! > best[last]!) last = i;
  const chain: N[] = [];
  for (let i = last; i >= 0; i = prev[i]!) chain.push(nodes[i]!);
  return chain.reverse();
}
