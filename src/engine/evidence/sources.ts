// The source registry: one short id (A, B, ..., Z, AA, ...) per filing section cited, in order of
// first citation. Chains added later (inputs of a computation) continue the same registry.
import type { IndexHandle } from '../index/open.js';
import type { EvidenceChain, SourceRef } from './types.js';

export type SourceKey = { filingId: number; itemTag: string; title: string };

export function shortId(n: number): string {
  let s = '';
  n += 1;
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

export class SourceRegistry {
  private readonly refs = new Map<string, SourceRef>();

  constructor(
    private readonly index: IndexHandle,
    existing: EvidenceChain[] = [],
  ) {
    for (const c of existing)
      for (const e of c.entries) for (const s of e.sources) this.refs.set(`${s.source.filing.id}:${s.source.itemTag}`, s.source);
  }

  ref(key: SourceKey): SourceRef {
    const k = `${key.filingId}:${key.itemTag}`;
    let ref = this.refs.get(k);
    if (!ref) {
      const filing = this.index.filing(key.filingId);
      if (!filing) throw new Error(`filing ${key.filingId} vanished from the index`);
      ref = { id: shortId(this.refs.size), filing, itemTag: key.itemTag, title: key.title };
      this.refs.set(k, ref);
    }
    return ref;
  }
}
