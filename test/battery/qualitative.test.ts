// The qualitative battery (issue 23): questions answered by a sentence or a list, each checked in its
// filing. Its integrity first: the quoted evidence is in the filing and holds every expected phrase,
// is no boilerplate, and the filing is the company and year the question is about; then the engine's
// answers, judged on their first sentence or list (bench/lib/qualitative.js).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FRESH_CLASSES,
  freshFile,
  QUALITATIVE_CLASSES,
  type QualitativeQuestion,
  type QualitativeResult,
  formatQualitative,
  formatQualitativeResults,
  headOf,
  isBoilerplate,
  judge,
  loadQualitative,
  normalize,
  runQualitative,
  tallyQualitative,
} from '../../bench/lib/qualitative.js';
import { listFilings } from '../../src/engine/index/inspect.js';
import { openEngineBackend } from '../../src/engine/engine-backend.js';
import { openIndex } from '../../src/engine/index/open.js';
import { sampleFilingsDir, sampleIndexPath } from '../helpers/sample.js';

const questions = loadQualitative();
const fresh = loadQualitative(freshFile);

/**
 * Issue 23's bar: at least 85% answered by the first sentence or list, none with boilerplate. Run as
 * written before the work on it: 18 right, 22 wrong, 2 boilerplate, 9 abstained of the first 51
 * questions; the last 15 (ids hold-*), written afterwards on other companies and phrasings, first ran
 * 14 right, 1 wrong (a tenure said "since at least 1934").
 */
const FLOOR = { minRight: 0.85, maxBoilerplate: 0 };

/**
 * Issue 32's blind battery (fresh-qualitative.jsonl), written before the work on it on companies and
 * wordings no other battery used: acquisitions, brands, one named risk, the drivers of a change, facts
 * stated in a sentence (counts are the figure path's; the headquarters the passage kinds'), and
 * questions the filings do not answer. First run 13 right, 19 wrong, 16 abstained of 48; the floor is
 * just below what the passage kinds reach.
 */
const FRESH_FLOOR = { minRight: 0.87, maxBoilerplate: 0 };

function filingText(name: string): string {
  return (JSON.parse(gunzipSync(readFileSync(join(sampleFilingsDir(), name))).toString('utf8')) as { content: string }).content;
}

describe('the qualitative battery', () => {
  const ix = openIndex(sampleIndexPath());
  const filings = listFilings(ix);
  afterAll(() => ix.close());

  it('has at least 40 questions on at least 15 companies, unique ids, every class asked five times or more', () => {
    expect(questions.length).toBeGreaterThanOrEqual(40);
    expect(new Set(questions.map((q) => q.ticker)).size).toBeGreaterThanOrEqual(15);
    expect(new Set(questions.map((q) => q.id)).size).toBe(questions.length);
    for (const c of QUALITATIVE_CLASSES) expect(questions.filter((q) => q.class === c).length, c).toBeGreaterThanOrEqual(5);
    expect(questions.every((q) => QUALITATIVE_CLASSES.includes(q.class))).toBe(true);
  });

  it('has a fresh battery of at least 40 questions on at least 15 companies, every class asked five times or more', () => {
    expect(fresh.length).toBeGreaterThanOrEqual(40);
    expect(new Set(fresh.map((q) => q.ticker)).size).toBeGreaterThanOrEqual(15);
    expect(new Set([...questions, ...fresh].map((q) => q.id)).size).toBe(questions.length + fresh.length);
    for (const c of FRESH_CLASSES) expect(fresh.filter((q) => q.class === c).length, c).toBeGreaterThanOrEqual(5);
    expect(fresh.every((q) => FRESH_CLASSES.includes(q.class as (typeof FRESH_CLASSES)[number]))).toBe(true);
  });

  it('quotes evidence that is in the filing, holds every expected phrase and is no boilerplate', () => {
    for (const q of [...questions, ...fresh]) {
      const text = filingText(q.filing);
      for (const excerpt of q.evidence.split('\n...\n')) expect(text.includes(excerpt), `${q.id}: ${excerpt.slice(0, 60)}`).toBe(true);
      expect(isBoilerplate(q.evidence), q.id).toBe(false);
      // (The fresh battery quotes a long list in part: its phrases are in the filing, if not all in
      // the excerpt: Hormel's trademarks.)
      const holder = normalize(fresh.includes(q) ? text : q.evidence);
      for (const p of q.expect.first ?? []) {
        const alts = Array.isArray(p) ? p : [p];
        expect(
          alts.some((a) => holder.includes(normalize(a))),
          `${q.id}: ${alts.join(' | ')}`,
        ).toBe(true);
      }
    }
  });

  it('names each filing by its company and year as the index labels them', () => {
    for (const q of [...questions, ...fresh]) {
      const f = filings.find((f) => q.filing.includes(f.accession));
      expect(f?.sec_ticker, q.id).toBe(q.ticker);
      expect(f?.sec_fiscal_year, q.id).toBe(q.fiscal_year);
      if (q.class === 'announcement') expect(f?.sec_form_type, q.id).toBe('8-K');
    }
  });
});

describe('the qualitative verdict', () => {
  it('reads the first sentence, or an opening list, and nothing after it', () => {
    expect(headOf('Segments: A and B [A]. Then human capital [B].')).toBe('Segments: A and B [A].');
    expect(headOf('Netflix, Inc. is the U.S. leader [A]. More.')).toBe('Netflix, Inc. is the U.S. leader [A].');
    expect(headOf('Its risk factors:\n- One [A]\n- Two [A]\nAfter.')).toBe('Its risk factors:\n- One [A]\n- Two [A]');
    expect(judge('Segments: Beef, Pork [A]. Chicken and Prepared Foods [B].', { first: ['Beef', 'Chicken'] })).toBe('wrong');
    expect(judge('Beef, Pork, Chicken and Prepared Foods [A].', { first: ['Beef', ['Chicken', 'Poultry']] })).toBe('right');
  });

  it('calls an exhibit index, a cover page or forward-looking-statements text boilerplate, whatever it names', () => {
    expect(
      judge('104 The cover page from this Current Report on Form 8-K, formatted in Inline XBRL [A].', { first: ['Current Report'] }),
    ).toBe('boilerplate');
    expect(
      judge(
        'The statements in this report include forward-looking statements within the meaning of the Private Securities Litigation Reform Act of 1995 [A].',
        { first: ['statements'] },
      ),
    ).toBe('boilerplate');
    expect(judge('No data found', { first: ['Kenvue'] })).toBe('abstained');
  });
});

/** Asks every question of a battery, then checks its floor. */
function engineOn(name: string, battery: QualitativeQuestion[], floor: { minRight: number; maxBoilerplate: number }) {
  describe(`the engine on the ${name}`, () => {
    let results: QualitativeResult[] = [];
    beforeAll(async () => {
      const backend = await openEngineBackend({ indexPath: sampleIndexPath() });
      try {
        results = await runQualitative(backend, battery);
      } finally {
        await backend.close();
      }
    }, 180_000);

    it(`answers at least ${floor.minRight * 100}% by the first sentence or list, none with boilerplate`, () => {
      const { overall } = tallyQualitative(results);
      console.log(`${name} (${results.length} questions):\n${formatQualitative(tallyQualitative(results))}`);
      const short = [
        ...(overall.right / overall.n < floor.minRight ? [`right ${overall.right}/${overall.n} < ${floor.minRight}`] : []),
        ...(overall.boilerplate > floor.maxBoilerplate ? [`boilerplate ${overall.boilerplate}`] : []),
      ];
      if (short.length) console.log(formatQualitativeResults(results));
      expect(short).toEqual([]);
    });
  });
}

engineOn('qualitative battery', questions, FLOOR);
engineOn('fresh qualitative battery', fresh, FRESH_FLOOR);
