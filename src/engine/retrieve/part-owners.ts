// Whose part a name is: "CooperSurgical", "Frito-Lay North America", "Blizzard" name no company the
// index knows, but one company's tables print them (a segment's row or column, a division's caption).
// The question reader asks through a callback (it reads no index); this answers from the table
// statements of every filing, shard by shard.
import type { CompanyLinker } from '../companies/link.js';
import type { FilingRow } from '../index/types.js';
import { quote } from './query-terms.js';
import type { Searcher } from './search.js';
import { RETRIEVAL_TUNING } from './tuning.js';

const PER_SHARD = RETRIEVAL_TUNING.partOwnerRowsPerShard;
const AT_LEAST = RETRIEVAL_TUNING.partOwnerMinRows;

/** The one company whose tables print `name` (its words in order) in at least AT_LEAST rows or headings
 * it opens, and no other company's rows or headings print it; else undefined. */
export function partOwnerOf(searcher: Searcher, filings: readonly FilingRow[], linker: CompanyLinker, name: string): string | undefined {
  const words = name.toLowerCase().match(/[a-z0-9&]+/g) ?? [];
  if (words.length === 0) return undefined;
  const expr = quote(words.join(' '));
  const shards = new Map<number, { first: number; last: number }>();
  for (const f of filings) {
    const s = shards.get(f.shard);
    shards.set(
      f.shard,
      s
        ? { first: Math.min(s.first, f.first_statement), last: Math.max(s.last, f.last_statement) }
        : { first: f.first_statement, last: f.last_statement },
    );
  }
  const byId = new Map(filings.map((f) => [f.id, f]));
  const rows = new Map<string, number>();
  for (const { first, last } of shards.values()) {
    for (const st of searcher.statementsInRange(expr, first, last, PER_SHARD)) {
      // A table's row, or a heading the name opens ("Frito-Lay North America", "1) Frito-Lay North
      // America (FLNA), which includes ..."): a segment's or a division's own. (Not a sentence: one
      // naming it may be a customer's, a competitor's or the weather's.)
      const heading =
        st.kind === 'heading' &&
        st.text
          .replace(/^[\s\d.)(•-]+/, '')
          .toLowerCase()
          .startsWith(name.toLowerCase());
      if (st.kind !== 'row' && !heading) continue;
      // A row naming a company whose name holds it ("Activision Blizzard" in Microsoft's acquisition
      // note) is that company's mention, not a part of the filer.
      const named = linker.link(st.text).find((l) => l.text.toLowerCase().includes(name.toLowerCase()));
      const ticker = named?.ticker ?? byId.get(st.filing_id)?.sec_ticker;
      if (ticker) rows.set(ticker, (rows.get(ticker) ?? 0) + 1);
    }
  }
  const owners = [...rows];
  return owners.length === 1 && owners[0]![1] >= AT_LEAST ? owners[0]![0] : undefined;
}
