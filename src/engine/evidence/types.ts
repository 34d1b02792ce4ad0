// Evidence as the engine builds it, before rendering.
import type { FilingRow } from '../index/types.js';
import type { EpistemicStatus } from './statuses.js';

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
  /** For figures: the table's columns and unit, to read the values. */
  columns?: string[];
  unit?: string | null;
}

export interface EvidenceChain {
  /** What facet of the question this chain answers. */
  facet: string;
  relevance: number;
  entries: EvidenceEntry[];
  score: number;
}
