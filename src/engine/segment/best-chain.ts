// The item headings a document really has, among candidates: the highest-scoring chain whose items
// appear in both document order and the form's item order (a weighted longest increasing subsequence).
// Plain-text and HTML segmentation both choose their headings with it.
import type { ItemDef } from './titles.js';

export interface ChainNode {
  start: number;
  def: Pick<ItemDef, 'order'>;
  score: number;
}

/** `nodes` must be sorted by start. Each node's best predecessor is read from the best chain ending in
 * each item order among the nodes of earlier starts: time in nodes times the form's items, where
 * comparing every node with every node before it took 35 s over 100,000 headings. */
export function bestChain<N extends ChainNode>(nodes: N[]): N[] {
  const best = new Array<number>(nodes.length).fill(0);
  const prev = new Array<number>(nodes.length).fill(-1);
  // By item order: the highest score of a chain ending in a node of that order, and the first such node.
  const ending: { score: number; at: number }[] = [];
  for (let from = 0; from < nodes.length; ) {
    // Nodes of one start follow none of one another: all are scored before any is recorded.
    let to = from;
    while (to < nodes.length && nodes[to]!.start === nodes[from]!.start) to++;
    for (let i = from; i < to; i++) {
      const order = nodes[i]!.def.order;
      let b = 0;
      let p = -1;
      for (let o = 0; o < order && o < ending.length; o++) {
        const e = ending[o];
        if (e && (e.score > b || (e.score === b && p >= 0 && e.at < p))) {
          b = e.score;
          p = e.at;
        }
      }
      best[i] = b + nodes[i]!.score;
      prev[i] = p;
    }
    for (let i = from; i < to; i++) {
      const o = nodes[i]!.def.order;
      const e = ending[o];
      if (!e) ending[o] = { score: best[i]!, at: i };
      else if (best[i]! > e.score) Object.assign(e, { score: best[i]!, at: i });
    }
    from = to;
  }
  let last = -1;
  for (let i = 0; i < nodes.length; i++) if (last < 0 || best[i]! > best[last]!) last = i;
  const chain: N[] = [];
  for (let i = last; i >= 0; i = prev[i]!) chain.push(nodes[i]!);
  return chain.reverse();
}
