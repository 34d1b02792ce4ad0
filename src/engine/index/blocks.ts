// Statements stored as compressed blocks: up to BLOCK_STATEMENTS consecutive statements of one section,
// deflated together (a header line, then a JSON line per statement). The text was 39% of the index as plain rows (plus 15 MB of row models and
// 20 MB of per-row overhead for the 57 MB sample); deflated in blocks it is about a quarter of that, and
// one block costs ~30 us to inflate, so a query reading a few hundred statements pays a few ms.
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { StatementKind } from '../filing/prepared.js';
import type { StatementBody, StatementRow } from './types.js';

/** Statements per block at most, and characters of text after which a block is closed early. */
export const BLOCK_STATEMENTS = 32;
export const BLOCK_CHARS = 8_000;

const KINDS: StatementKind[] = ['heading', 'sentence', 'caption', 'header', 'row'];
const KIND_CODE = new Map(KINDS.map((k, i) => [k, i]));

/** One statement as a block holds it: kind code, table id, row in table, char offset, text, row JSON,
 * and 1 for a sentence that opens its paragraph (left off otherwise: a reader of older blocks sees
 * six fields and reads none of it). */
type Packed = [number, number | null, number | null, number, string, string | null, 1?];

/** The first layout: one JSON object, every statement in `t`. Indexes written before the second still
 * hold blocks of it, and read them whole. */
interface BlockJson {
  /** filing id, section id, ordinal of the first statement in its filing */
  f: number;
  s: number;
  o: number;
  t: Packed[];
}

/** The second layout's first line: filing id, section id, ordinal of the first statement. */
type Header = [number, number, number];

export type BlockStatement = StatementBody;

/** A block as lines: its header, then each statement as a JSON array, one a line (JSON text has no raw
 * line break). A query reads one or two statements of most blocks it opens; these are parsed alone,
 * not the block (utf-8 decoding, parsing and making 32 statements was half of a block's cost). */
export function encodeBlock(filingId: number, sectionId: number, ordinal: number, statements: BlockStatement[]): Buffer {
  const header: Header = [filingId, sectionId, ordinal];
  const lines = statements.map((s) =>
    JSON.stringify(
      (s.opens
        ? [KIND_CODE.get(s.kind)!, s.table_id, s.row_in_table, s.char_offset, s.text, s.row, 1]
        : [KIND_CODE.get(s.kind)!, s.table_id, s.row_in_table, s.char_offset, s.text, s.row]) satisfies Packed,
    ),
  );
  return deflateRawSync([JSON.stringify(header), ...lines].join('\n'));
}

/** The statements of one block, made as they are asked for. */
export class DecodedBlock {
  readonly count: number;
  private readonly rows: (StatementRow | undefined)[];
  private readonly header: Header = [0, 0, 0];
  /** Where each statement's line starts and ends in `text` (second layout). */
  private readonly starts: number[] = [];

  constructor(
    /** The id of its first statement. */
    readonly first: number,
    private readonly text: Buffer,
  ) {
    if (text.indexOf(10) < 0) {
      // The first layout: read whole.
      const b = JSON.parse(text.toString('utf8')) as BlockJson;
      this.rows = b.t.map((p, i) => statementOf(first + i, [b.f, b.s, b.o + i], p));
      this.count = this.rows.length;
      return;
    }
    for (let at = text.indexOf(10); at >= 0; at = text.indexOf(10, at + 1)) this.starts.push(at + 1);
    this.header = JSON.parse(text.toString('utf8', 0, this.starts[0]! - 1)) as Header;
    this.count = this.starts.length;
    this.rows = new Array<StatementRow | undefined>(this.count);
  }

  /** Statement `i` of the block (0-based). */
  row(i: number): StatementRow {
    let r = this.rows[i];
    if (!r) {
      const end = i + 1 < this.count ? this.starts[i + 1]! - 1 : this.text.length;
      const [f, s, o] = this.header;
      const packed = decoded(`statement ${this.first + i}`, () => JSON.parse(this.text.toString('utf8', this.starts[i]!, end)) as Packed);
      r = this.rows[i] = statementOf(this.first + i, [f, s, o + i], packed);
    }
    return r;
  }
}

const statementOf = (id: number, [filing_id, section_id, ordinal]: Header, p: Packed): StatementRow => ({
  id,
  filing_id,
  section_id,
  ordinal,
  kind: KINDS[p[0]]!,
  table_id: p[1],
  row_in_table: p[2],
  char_offset: p[3],
  text: p[4],
  row: p[5],
  ...(p[6] === 1 ? { opens: true as const } : {}),
});

/** Stored data that does not inflate or parse: the file is damaged where SQLite could not tell (a
 * page's payload overwritten). Coded as SQLite codes a malformed page, which it is. */
export class DamagedDataError extends Error {
  readonly code = 'SQLITE_CORRUPT';
  constructor(what: string, cause: unknown) {
    super(`${what} does not decode: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'DamagedDataError';
  }
}

function decoded<T>(what: string, read: () => T): T {
  try {
    return read();
  } catch (e) {
    throw new DamagedDataError(what, e);
  }
}

/** The block whose first statement has id `first`. */
export function decodeBlock(first: number, data: Buffer): DecodedBlock {
  return decoded(`the block of statement ${first}`, () => new DecodedBlock(first, inflateRawSync(data)));
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
export const unpackJson = <T>(data: Buffer): T => decoded('a table', () => JSON.parse(inflateRawSync(data).toString('utf8')) as T);
