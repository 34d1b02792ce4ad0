// The numbers that shape evidence chains, in one place (retrieve/weights.ts's habit for ranking):
// named, each with why it has its value. They decide what a chain shows, when two chains are one and
// how relevance and confidence read; which statements are found is retrieve/weights.ts's.
import type { EpistemicStatus } from './status-names.js';

export interface EvidenceTuning {
  /** A sentence hit's passage: the statements before and after it (a heading's: the ones after it,
   * what it heads). Two each side reads as a paragraph; a passage gathers at most `maxHits` hits
   * before a nearby one starts its own. */
  passage: { before: number; after: number; headingAfter: number; maxHits: number };
  /** A heading or "The following table..." stands for a table starting within this many statements
   * of it: past a sentence or two of introduction. */
  introducedTableWithin: number;
  /** Units considered per chain asked: some merge into a kept chain or yield none. */
  unitsPerChain: number;
  /** Relevance (0-10) = 10 x (score x its score against the best chain's + coverage x the share of the
   * question it holds): mostly rank, and a chain holding all the question's parts never scores low. */
  relevance: { score: number; coverage: number };
  /** The chain of rows and sentences an answer cites that the evidence lacked: read by the answer
   * itself, so relevant and a reported fact's confidence. */
  picks: { relevance: number; confidence: number };
  /** Characters a facet takes from a chain's text when the question's words do not name it: about a
   * line of a terminal. At most `words` of the question's names make a facet. */
  facet: { chars: number; words: number };
  /** A table chain: characters its columns line is reckoned at beyond its caption, and the hit rows it
   * states as claims at most (the rest are context). */
  table: { frame: number; claims: number };
  /** Near-duplicates: two table chains sharing at least `rows` of their rows (Jaccard), whose entries
   * each share `entry` of their words with one kept, are one chain; the kept one gains `score` of the
   * other's score for being said twice. */
  merge: { rows: number; entry: number; score: number };
  /** Confidence (0-1) of an entry: its weakest status's base, plus `perSource` for each further source
   * (at most `maxSupport`), x (`coverageFloor` + (1 - floor) x coverage), at most `max`. */
  confidence: {
    /** Statuses by how far a reader may take them as fact: a reported figure most, a hedge least. */
    base: Record<EpistemicStatus, number>;
    /** An entry with no status at all. */
    unclassified: number;
    perSource: number;
    maxSupport: number;
    coverageFloor: number;
    coverageShare: number;
    /** Never certain: the index reads text, and text can be misread. */
    max: number;
  };
}

export const EVIDENCE_TUNING: EvidenceTuning = {
  passage: { before: 2, after: 2, headingAfter: 4, maxHits: 3 },
  introducedTableWithin: 7,
  unitsPerChain: 3,
  relevance: { score: 0.55, coverage: 0.45 },
  picks: { relevance: 6, confidence: 0.9 },
  facet: { chars: 120, words: 3 },
  table: { frame: 80, claims: 3 },
  merge: { rows: 0.6, entry: 0.8, score: 0.1 },
  confidence: {
    base: {
      reported_fact: 0.9,
      accounting_policy: 0.85,
      legal_matter: 0.75,
      risk_disclosure: 0.7,
      estimate: 0.7,
      management_assessment: 0.65,
      forward_looking: 0.6,
      hedged: 0.55,
    },
    unclassified: 0.6,
    perSource: 0.04,
    maxSupport: 0.08,
    coverageFloor: 0.75,
    coverageShare: 0.25,
    max: 0.99,
  },
};
