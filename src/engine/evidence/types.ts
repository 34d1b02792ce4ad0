// Evidence as the engine builds it, before rendering.
import type { FilingRow, IndexedTable } from '../index/types.js';
import type { EpistemicStatus } from './status-names.js';

export interface SourceRef {
  /** Short id in the registry: A, B, ..., Z, AA, ... */
  id: string;
  filing: FilingRow;
  itemTag: string;
  title: string;
}

export interface EntrySource {
  source: SourceRef;
  statuses: EpistemicStatus[];
  /** Context lines this source adds: a table's caption and columns, neighbouring sentences or rows. */
  context: string[];
  statementIds: number[];
}

export interface EvidenceEntry {
  /** The claim every source of the entry supports. */
  consensus: string;
  sources: EntrySource[];
  confidence: number;
  /** For a table row: its table (the model, rows decoded) and the row's index in it. */
  row?: { table: IndexedTable; index: number };
}

export interface EvidenceChain {
  /** What facet of the question this chain answers. */
  facet: string;
  relevance: number;
  entries: EvidenceEntry[];
  score: number;
  /** For a table chain: its table and the indexes of the rows it shows (claims and context). */
  table?: { table: IndexedTable; shown: number[] };
}
