// Statements stored as compressed blocks: up to BLOCK_STATEMENTS consecutive statements of one section,
// as one deflated JSON array. The text was 39% of the index as plain rows (plus 15 MB of row models and
// 20 MB of per-row overhead for the 57 MB sample); deflated in blocks it is about a quarter of that, and
// one block costs ~30 us to inflate, so a query reading a few hundred statements pays a few ms.
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { StatementKind } from '../corpus/prepared.js';
import type { StatementBody, StatementRow } from './types.js';

/** Statements per block at most, and characters of text after which a block is closed early. */
export const BLOCK_STATEMENTS = 32;
export const BLOCK_CHARS = 8_000;

const KINDS: StatementKind[] = ['heading', 'sentence', 'caption', 'header', 'row'];
const KIND_CODE = new Map(KINDS.map((k, i) => [k, i]));

/** One statement as a block holds it: kind code, table id, row in table, char offset, text, row JSON. */
type Packed = [number, number | null, number | null, number, string, string | null];

interface BlockJson {
  /** filing id, section id, ordinal of the first statement in its filing */
  f: number;
  s: number;
  o: number;
  t: Packed[];
}

export type BlockStatement = StatementBody;

export function encodeBlock(filingId: number, sectionId: number, ordinal: number, statements: BlockStatement[]): Buffer {
  const json: BlockJson = {
    f: filingId,
    s: sectionId,
    o: ordinal,
    t: statements.map((s) => [KIND_CODE.get(s.kind)!, s.table_id, s.row_in_table, s.char_offset, s.text, s.row]),
  };
  return deflateRawSync(JSON.stringify(json));
}

/** The statements of the block whose first statement has id `first`. */
export function decodeBlock(first: number, data: Buffer): StatementRow[] {
  const b = JSON.parse(inflateRawSync(data).toString('utf8')) as BlockJson;
  return b.t.map((p, i) => ({
    id: first + i,
    filing_id: b.f,
    section_id: b.s,
    ordinal: b.o + i,
    kind: KINDS[p[0]]!,
    table_id: p[1],
    row_in_table: p[2],
    char_offset: p[3],
    text: p[4],
    row: p[5],
  }));
}

/** Splits a section's statements (their sizes in characters) into blocks: at most BLOCK_STATEMENTS
 * each, closed early once they hold BLOCK_CHARS characters. Returns each block's first index. */
export function blockStarts(sizes: number[]): number[] {
  const starts: number[] = [];
  let n = 0;
  let chars = 0;
  sizes.forEach((size, i) => {
    if (i === 0 || n >= BLOCK_STATEMENTS || chars >= BLOCK_CHARS) {
      starts.push(i);
      n = 0;
      chars = 0;
    }
    n++;
    chars += size;
  });
  return starts;
}

/** A table's metadata (headings, unit, columns with periods) deflated: half the size of its JSON. */
export const packJson = (value: unknown): Buffer => deflateRawSync(JSON.stringify(value));
export const unpackJson = <T>(data: Buffer): T => JSON.parse(inflateRawSync(data).toString('utf8')) as T;
