// Answers over filings ingested from EDGAR's HTML: the exact reported figure, from the right statement,
// column and period; and no figure at all for an item the 10-K only points to (IBM's Items 7 and 8 are
// in its annual report exhibit, not in the document).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeFilings } from '../../src/engine/ingest/write-filings.js';
import { loadConstituents } from '../../src/engine/filing/constituents.js';
import { prepareHtmlFiling, type FilingHints } from '../../src/engine/html/ingest.js';
import { cleanEnv } from '../cli/run-cli.js';
import { edgarDir, hasFixtures, needsFixtures } from './fixtures.js';
import { sampleCorpusDir } from '../helpers/sample.js';
import { tempDir } from '../helpers/tmp.js';
import { runInProcess } from '../helpers/run-in-process.js';

describe.skipIf(!hasFixtures())(needsFixtures('answers from filings read from EDGAR HTML'), () => {
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    const constituents = await loadConstituents(join(sampleCorpusDir(), 'constituents.csv'));
    const index = join(tempDir('filings-answers-'), 'index.sqlite');
    // Accessions as EDGAR lists them where the submissions JSON is recorded; placeholders otherwise.
    const prepare = (file: string, hints: Omit<FilingHints, 'sourceFile'>) =>
      prepareHtmlFiling(readFileSync(join(edgarDir(), 'primary', file), 'utf8'), { ...hints, sourceFile: file }, constituents);
    await writeFilings(
      index,
      [
        prepare('10-K/ibm-10-k-2025-02-25.html', { accession: '0000000000-25-000001', filingDate: '2025-02-25' }),
        prepare('10-K/aapl-10-k-2024-11-01.html', { accession: '0000320193-24-000123', filingDate: '2024-11-01' }),
        prepare('10-K/wmt-10-k-2025-03-14.html', { accession: '0000000000-25-000002', filingDate: '2025-03-14' }),
        prepare('10-Q/nvda-10-q-2025-08-27.html', { accession: '0001045810-25-000209', filingDate: '2025-08-27' }),
      ],
      constituents,
    );
    env = cleanEnv({ FILINGS_INDEX: index });
  }, 120_000);

  const answer = async (q: string): Promise<string> => {
    const r = await runInProcess(['query', '--json', '--no-stream', '--answer', q], { env });
    expect(r.code, r.stderr).toBe(0);
    return (JSON.parse(r.stdout) as { answer: { text: string } }).answer.text;
  };

  it.each([
    ["What was Apple's revenue in fiscal 2024?", '$391,035 million'],
    ["What was Apple's net income in fiscal 2024?", '$93,736 million'],
    ["What was Apple's diluted EPS in 2024?", '$6.08 per share'],
    ["What were Walmart's capital expenditures in fiscal 2025?", '$23,783 million'],
    ["What was NVIDIA's revenue in the second quarter of fiscal 2026?", '$46,743 million'],
  ])('%s', async (q, figure) => {
    const text = await answer(q);
    expect(text).toContain(figure);
    // Read from the statement's tagged cell, and said so.
    expect(text).toMatch(/the reported XBRL value \(us-gaap:\w+\)/);
  });

  it.each(["What was IBM's revenue in 2024?", "What was IBM's net income in 2024?"])(
    '%s: no figure for an item incorporated by reference',
    async (q) => {
      const text = await answer(q);
      expect(text).toMatch(/does not state/);
      expect(text).not.toMatch(/\$\s?\d/);
    },
  );
});
