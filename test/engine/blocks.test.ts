// Statement blocks (index/blocks.ts): what is written is read back, statement by statement, in both
// layouts an index may hold.
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeBlock, encodeBlock, type BlockStatement } from '../../src/engine/index/blocks.js';

const statements: BlockStatement[] = [
  { kind: 'heading', table_id: null, row_in_table: null, char_offset: 0, text: 'Item 7. Management’s Discussion', row: null },
  { kind: 'sentence', table_id: null, row_in_table: null, char_offset: 32, text: 'A line\nbreak, "quotes" and a tab\there.', row: null },
  { kind: 'row', table_id: 41, row_in_table: 3, char_offset: 90, text: 'Net sales 1,234 1,100', row: '{"l":"Net sales","v":[1234,1100]}' },
];
const expected = (first: number) => statements.map((s, i) => ({ ...s, id: first + i, filing_id: 7, section_id: 12, ordinal: 100 + i }));

describe('statement blocks', () => {
  it('read back each statement as written, in any order, text with line breaks included', () => {
    const block = decodeBlock(500, encodeBlock(7, 12, 100, statements));
    expect(block.count).toBe(3);
    expect(block.row(2)).toEqual(expected(500)[2]);
    expect([0, 1, 2].map((i) => block.row(i))).toEqual(expected(500));
    // The same object on a second read (a block is parsed a statement at a time, once).
    expect(block.row(1)).toBe(block.row(1));
  });

  it('keep whether a sentence opens its paragraph, and read blocks written without it as opening none', () => {
    const flagged: BlockStatement[] = [
      { kind: 'sentence', table_id: null, row_in_table: null, char_offset: 0, text: 'A heading sentence.', row: null, opens: true },
      { kind: 'sentence', table_id: null, row_in_table: null, char_offset: 20, text: 'It goes on.', row: null },
    ];
    const block = decodeBlock(9, encodeBlock(7, 12, 0, flagged));
    expect([block.row(0).opens, block.row(1).opens]).toEqual([true, undefined]);
    expect(decodeBlock(500, encodeBlock(7, 12, 100, statements)).row(1).opens).toBeUndefined();
  });

  it('read blocks of the first layout (one JSON object) that older indexes hold', () => {
    const old = deflateRawSync(
      JSON.stringify({
        f: 7,
        s: 12,
        o: 100,
        t: statements.map((s) => [
          ['heading', 'sentence', 'caption', 'header', 'row'].indexOf(s.kind),
          s.table_id,
          s.row_in_table,
          s.char_offset,
          s.text,
          s.row,
        ]),
      }),
    );
    const block = decodeBlock(500, old);
    expect(block.count).toBe(3);
    expect([0, 1, 2].map((i) => block.row(i))).toEqual(expected(500));
  });
});
