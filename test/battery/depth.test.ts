// The depth battery (issue 40, item 5): questions an analyst asks next (a note's row, a segment, a
// geography, a 10-Q's quarter, a prior-year column, a roll-forward, a figure said only in prose, words
// that need a job, units that are traps), written from the filings before the engine's work on them.
// Its integrity is checked first; its first run is test/battery/depth.first-run.txt and its causes
// test/battery/depth.causes.md. Then the engine on it and on its blind part (depth-blind.jsonl, written
// from the filings by an engineer who saw neither the code nor this file), against floors.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../src/backend.js';
import { openEngineBackend } from '../../src/engine/engine-backend.js';
import { type BatteryQuestion, DEPTH_CLASSES, formatResults, loadBattery, runBattery, tally } from '../../bench/lib/battery.js';
import { listFilings } from '../../src/engine/index/inspect.js';
import { openIndex } from '../../src/engine/index/open.js';
import { sampleFilingsDir, sampleIndexPath } from '../helpers/sample.js';

const questions = loadBattery(join(import.meta.dirname, 'depth.jsonl'));

/** The issue's floors for the battery: 120 questions over 40 companies, 15 a class (10 unit traps). */
const MIN_QUESTIONS = 120;
const MIN_COMPANIES = 40;
const MIN_PER_CLASS = 15;
const MIN_UNIT_TRAPS = 10;
/** No company weighs on the score more than this. */
const MAX_PER_COMPANY = 4;

/**
 * What the engine answers of each file (right of all, and wrong at most) when these were set: floors
 * to raise as answers improve, never to lower. First runs, on the engine before issue 40's work: depth
 * 48 right, 8 wrong, 98 declined of 154; blind 19 right, 4 wrong, 39 declined of 62.
 */
const FLOORS = [
  { file: 'depth.jsonl', minRight: 129, maxWrong: 0 },
  { file: 'depth-blind.jsonl', minRight: 28, maxWrong: 4 },
];

const texts = new Map<string, string>();
function filingText(name: string): string {
  let text = texts.get(name);
  if (text === undefined) {
    text = (JSON.parse(gunzipSync(readFileSync(join(sampleFilingsDir(), name))).toString('utf8')) as { content: string }).content;
    texts.set(name, text);
  }
  return text;
}

/**
 * Ways a gold figure may be printed: as is, or in another scale of the filing's (thousands for a gold
 * in millions, "3,270" thousand members for 3,270,000, "22.3" billion transactions), with up to three
 * decimals; never part of a longer number ("49" does not match "149" or "49.5").
 */
function printedForms(gold: number): string {
  const x = Math.abs(gold);
  const forms = new Set<string>();
  for (const scale of [1, 1e3, 1e-3, 1e-6, 1e-9])
    for (let d = 0; d <= 3; d++) {
      const v = x * scale;
      if (Math.abs(Number(v.toFixed(d)) - v) <= 1e-9 * Math.max(1, v))
        forms.add(v.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d }));
    }
  return `(?:${[...forms].map((s) => s.replace(/[.,]/g, (c) => `\\${c}`)).join('|')})(?!\\d|,\\d|\\.\\d*[1-9])`;
}
const printed = (gold: number) => new RegExp(`(?<![\\d.,])${printedForms(gold)}`);

/** A derived gold (a sum of listed parts, a row less its lost cell) shows its arithmetic in the note:
 * operands joined by + or -, then "= gold". */
const formula = (gold: number) => new RegExp(`\\d[^=;]*\\s[-+]\\s[^=;]*\\d[^=;]*=\\s*${printedForms(gold)}`);

describe('the depth battery', () => {
  const ix = openIndex(sampleIndexPath());
  const filings = listFilings(ix);
  afterAll(() => ix.close());
  const filingOf = (q: BatteryQuestion) => filings.find((f) => q.filing?.includes(f.accession));

  it('has enough questions of its own classes over enough companies, unique ids', () => {
    expect(questions.length).toBeGreaterThanOrEqual(MIN_QUESTIONS);
    expect(new Set(questions.map((q) => q.id)).size).toBe(questions.length);
    for (const q of questions) expect(DEPTH_CLASSES, q.id).toContain(q.class);
    for (const c of DEPTH_CLASSES)
      expect(questions.filter((q) => q.class === c).length, c).toBeGreaterThanOrEqual(c === 'unit_trap' ? MIN_UNIT_TRAPS : MIN_PER_CLASS);
    const perCompany = new Map<string, number>();
    for (const q of questions) perCompany.set(q.ticker, (perCompany.get(q.ticker) ?? 0) + 1);
    expect(perCompany.size).toBeGreaterThanOrEqual(MIN_COMPANIES);
    for (const [ticker, n] of perCompany) expect(n, ticker).toBeLessThanOrEqual(MAX_PER_COMPANY);
  });

  it("names a filing of the sample corpus that the index labels with the question's company and year", () => {
    for (const q of questions) {
      expect(q.filing, q.id).toBeTruthy();
      expect(existsSync(join(sampleFilingsDir(), q.filing!)), q.id).toBe(true);
      const f = filingOf(q);
      expect(f?.sec_ticker, q.id).toBe(q.ticker);
      if (q.class === 'prior_year') {
        // An earlier year read from a later filing's comparative column, for a year the index holds no
        // filing of the company for.
        expect(f!.sec_fiscal_year > q.fiscal_year, q.id).toBe(true);
        expect(
          filings.some((g) => g.sec_ticker === q.ticker && g.sec_fiscal_year === q.fiscal_year),
          q.id,
        ).toBe(false);
      } else expect(f!.sec_fiscal_year, q.id).toBe(q.fiscal_year);
    }
  });

  it('quotes evidence that is in the filing, holding each gold as printed (or its arithmetic in the note)', () => {
    for (const q of questions) {
      const text = filingText(q.filing!);
      for (const excerpt of q.evidence.split('\n...\n')) expect(text.includes(excerpt), `${q.id}: ${excerpt.slice(0, 60)}`).toBe(true);
      const e = q.expect;
      if ('figure' in e) {
        if (!printed(e.figure).test(q.evidence))
          expect(q.note, `${q.id} prints ${e.figure} or shows its formula`).toMatch(formula(e.figure));
      } else if ('mentions' in e) {
        for (const m of e.mentions) expect(q.evidence.toLowerCase(), `${q.id}: ${m}`).toContain(m.toLowerCase());
      } else expect('abstain' in e, q.id).toBe(true);
      // Every note says where the figure is read and which neighbours are wrong.
      expect(q.note.length, q.id).toBeGreaterThan(60);
    }
  });
});

describe('the engine on the depth battery and its blind part', () => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await openEngineBackend({ indexPath: sampleIndexPath() });
  });
  afterAll(() => backend.close());

  it.each(FLOORS)(
    '$file: at least $minRight right, at most $maxWrong wrong',
    async ({ file, minRight, maxWrong }) => {
      const results = await runBattery(backend, loadBattery(join(import.meta.dirname, file)));
      const t = tally(results).overall;
      const shown = formatResults(results.filter((r) => r.verdict !== 'right'));
      expect(t.wrong, shown).toBeLessThanOrEqual(maxWrong);
      expect(t.right, shown).toBeGreaterThanOrEqual(minRight);
    },
    300_000,
  );
});
