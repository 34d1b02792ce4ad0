// Issue 44.2, the hostile filings ingest takes in (bench/lib/hostile-filings.js writes each into a real
// filing): time linear in the input. A table just under the row limit was read comparing every row with
// every row above it (9,916 rows: 12 to 15 s), and the item headings' chain compared every heading with
// every heading before it (100,000 headings in a crawler's text: 16 to 43 s; 150,000 in HTML: 56 s).
// The bounds are generous: only the pathology crosses them; the figures are in bench/hostile-filings.js.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HTML_BASE, hasHtmlBase, type Shape, writeHostileFiling } from '../../bench/lib/hostile-filings.js';
import { prepareHtmlFiling } from '../../src/engine/html/ingest.js';
import { prepareFiling } from '../../src/engine/ingest/prepare.js';
import { parseRawFiling } from '../../src/engine/filing/raw.js';
import type { PreparedFiling } from '../../src/engine/filing/prepared.js';
import { needsFixtures } from '../edgar/fixtures.js';
import { tempDir } from '../helpers/tmp.js';

const dir = tempDir('filings-bounds-');

/** The shape's filing prepared in this process, and the seconds it took. */
function prepare(shape: Shape, size: number): { p: PreparedFiling; seconds: number } {
  const { path } = writeHostileFiling(dir, shape, size);
  const t0 = performance.now();
  const p = shape.startsWith('json')
    ? prepareFiling(parseRawFiling(readFileSync(path), path), 'hostile.json', new Map())
    : prepareHtmlFiling(
        readFileSync(path, 'utf8'),
        { accession: HTML_BASE.accession, filingDate: HTML_BASE.filed, sourceFile: 'hostile.htm' },
        new Map(),
      );
  return { p, seconds: (performance.now() - t0) / 1000 };
}

describe('hostile filings within the limits are read in time linear in them', () => {
  it('a table of 9,916 rows, under the limit: read whole in seconds', { timeout: 120_000 }, () => {
    const { p, seconds } = prepare('json-table-rows', 9_900);
    const table = p.tables.find((t) => t.rows[0]?.label === 'Line a')!;
    expect(table.rows).toHaveLength(9_916);
    expect(table.columns.map((c) => c.label)).toEqual(['2018', '2017']);
    expect(table.rows[9_898]).toMatchObject({ label: 'Line nps', cells: [{ value: 7_286 }, { value: 1_878 }] });
    expect(seconds).toBeLessThan(6);
  });

  it('150,000 item headings in a crawler filing: the items found in seconds', { timeout: 120_000 }, () => {
    const { p, seconds } = prepare('json-headings', 150_000);
    expect(p.sections.map((s) => s.item_tag)).toContain('10K-Item-7');
    expect(p.sections.length).toBeLessThan(30);
    expect(seconds).toBeLessThan(15);
  });

  it.skipIf(!hasHtmlBase())(
    needsFixtures('150,000 item headings in an HTML filing: the items found in seconds', hasHtmlBase()),
    { timeout: 120_000 },
    () => {
      const { p, seconds } = prepare('html-headings', 150_000);
      expect(p.sections.map((s) => s.item_tag)).toContain('10K-Item-7');
      expect(p.sections.length).toBeLessThan(30);
      expect(seconds).toBeLessThan(15);
    },
  );
});
