// A quoted statement's citation: the sources of the evidence entry that holds it ("[A]"), or of every
// entry that does, in one bracket.
import type { EvidenceChain } from '../../evidence/types.js';

export function citeStatement(chains: EvidenceChain[], statementId: number): string {
  const ids = new Set<string>();
  for (const c of chains)
    for (const e of c.entries) for (const s of e.sources) if (s.statementIds.includes(statementId)) ids.add(s.source.id);
  return ids.size > 0 ? `[${[...ids].join(', ')}]` : '';
}
