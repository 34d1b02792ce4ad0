// The answer battery (issue 10): analyst questions with gold values checked in the filing text, run
// through the engine in-process and judged by bench/lib/verdict.js. The battery's own integrity is
// checked first: its evidence is in the filings, its companies and years are what the class claims.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BatteryResult,
  CLASSES,
  FRESH_CLASSES,
  MAIN_CLASSES,
  type MainClass,
  formatResults,
  formatTally,
  loadBattery,
  runBattery,
  tally,
} from '../../bench/lib/battery.js';
import { listFilings } from '../../src/engine/index/inspect.js';
import { openEngineBackend } from '../../src/engine/engine-backend.js';
import { openIndex } from '../../src/engine/index/open.js';
import { sampleCorpusDir, sampleFilingsDir, sampleIndexPath } from '../helpers/sample.js';

/**
 * What the engine achieved when the battery was written (rates over each class's questions). They
 * are floors for the work of issues 10 and 15: raise them as answers improve, never lower them.
 * Measured on 89 questions: 23 right, 64 wrong, 2 abstained.
 */
const FLOORS = {
  // Issue 22's floor for this battery (at least 92% right of 89, at most 2% wrong: 84 right, 1 wrong, 4
  // abstained when set), and per class one question below what the engine answered when these were set.
  overall: { minRight: 0.92, maxWrong: 0.02 },
  minRightByClass: {
    plain_figure: 0.85,
    total_vs_segment: 0.9,
    column_order: 0.75,
    label_digits: 0.25,
    ratio_entity: 0.85,
    computed: 0.83,
    scope: 0.66,
    abstain: 0.83,
    not_in_index: 0.85,
    lowercase_and_abbrev: 0.87,
  } satisfies Record<MainClass, number>,
};

const questions = loadBattery();

/**
 * Held-out batteries, written from the filings by people who had not seen the engine's answers, to
 * measure how answers generalise. Each was run once as written (holdout: 24 right, 3 wrong, 13
 * abstained; holdout-2: 20 right, 13 wrong, 7 abstained; holdout-3, kept unseen until the last round
 * of work: 35 right, 5 wrong, 10 abstained); its failures then guided general fixes, so its floor now
 * guards them.
 */
const HOLDOUTS: { file: string; minRight: number; maxWrong: number }[] = [
  { file: 'holdout.jsonl', minRight: 0.9, maxWrong: 0.025 },
  { file: 'holdout-2.jsonl', minRight: 0.82, maxWrong: 0.025 },
  { file: 'holdout-3.jsonl', minRight: 0.84, maxWrong: 0.02 },
  // Issue 22's battery of question shapes (operations on rows, years inside the question, note rows,
  // figures stated in a sentence, period parts, abstentions): first run 15 right, 26 wrong, 47
  // abstained of 88; its bar is 85% right and at most 2% wrong.
  { file: 'shapes.jsonl', minRight: 0.85, maxWrong: 0.02 },
  // The same shapes on 43 other companies, written blind to the tool's answers: first run 32 right, 4
  // wrong, 24 abstained of 60.
  { file: 'shapes-holdout.jsonl', minRight: 0.73, maxWrong: 0.02 },
  // Paraphrases of both (terse, formal, reordered, synonyms), written blind: first run 29 right, 2
  // wrong, 29 abstained of 60.
  { file: 'shapes-paraphrase.jsonl', minRight: 0.82, maxWrong: 0.02 },
  // Issue 32's blind battery of figures (line items named as the filing names them, typos, initials,
  // differences, parts and kinds of account) on companies no battery had used: first run 35 right, 0
  // wrong, 8 abstained of 43; 36 right, 0 wrong when this floor was set, and at most one answer (2%)
  // another figure.
  { file: 'fresh-figures.jsonl', minRight: 36 / 43, maxWrong: 0.025 },
  // A blind battery of parts of a whole (segments printed as columns, shares, an item over years and
  // across competitors) on 28 companies the others use least: first run 28 right, 0 wrong, 17 abstained
  // of 45; 31 right, 0 wrong when this floor was set.
  { file: 'fresh4-figures.jsonl', minRight: 30 / 45, maxWrong: 0.02 },
];
const batteryDir = join(import.meta.dirname, '.');
/**
 * Batteries checked for integrity only: finqa-train.jsonl holds the FinQA/ConvFinQA training-split
 * examples whose source filing is in the corpus (two). Run it with `node bench/battery.js --file ...`.
 */
const UNFLOORED: { file: string; min: number }[] = [{ file: 'finqa-train.jsonl', min: 1 }];
const sets = [
  { name: 'questions.jsonl', questions, min: 60 },
  ...HOLDOUTS.map(({ file }) => ({ name: file, questions: loadBattery(join(batteryDir, file)), min: 40 })),
  ...UNFLOORED.map(({ file, min }) => ({ name: file, questions: loadBattery(join(batteryDir, file)), min })),
];
const DIRECT: string[] = [
  'plain_figure',
  'total_vs_segment',
  'column_order',
  'label_digits',
  'scope',
  'lowercase_and_abbrev',
  ...FRESH_CLASSES.filter((c) => c !== 'difference'),
  'line_item_years',
  'competitors',
];

const contentCache = new Map<string, string>();
function filingText(name: string): string {
  let text = contentCache.get(name);
  if (text === undefined) {
    text = (JSON.parse(gunzipSync(readFileSync(join(sampleFilingsDir(), name))).toString('utf8')) as { content: string }).content;
    contentCache.set(name, text);
  }
  return text;
}

/** Ways a gold figure is printed: as is, in thousands, or in billions written out ("5.349"); a
 * negative one in parentheses, as statements print losses ("(6,841)"). */
function printed(gold: number): RegExp {
  const x = Math.abs(gold);
  const fmt = (v: number, d: number) => v.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });
  const d = (String(x).split('.')[1] ?? '').length;
  const forms = [fmt(x, d), fmt(x * 1000, 0), fmt(x / 1000, 3)].map((s) => s.replace(/[.,]/g, (c) => `\\${c}`));
  // Not part of a longer number; trailing zeros allowed ("49" in "49.0 %").
  return new RegExp(`(?<!\\d|\\d[.,])(?:${forms.join('|')})(?!\\d|,\\d|\\.\\d*[1-9])`);
}

describe.each(sets)('the battery $name', ({ name, questions, min }) => {
  const ix = openIndex(sampleIndexPath());
  const filings = listFilings(ix);
  afterAll(() => ix.close());
  const constituents = new Map(
    readFileSync(join(sampleCorpusDir(), 'constituents.csv'), 'utf8')
      .split('\n')
      .slice(1)
      .map((l) => [l.split(',')[0]!, l] as const),
  );

  it('has enough questions of known classes, unique ids', () => {
    const main = name === 'questions.jsonl';
    expect(questions.length).toBeGreaterThanOrEqual(min);
    expect(new Set(questions.map((q) => q.id)).size).toBe(questions.length);
    if (main) for (const c of MAIN_CLASSES) expect(questions.filter((q) => q.class === c).length, c).toBeGreaterThanOrEqual(5);
    expect(questions.every((q) => CLASSES.includes(q.class))).toBe(true);
  });

  it('quotes evidence that is in the filing, holding the gold of every directly stated figure', () => {
    for (const q of questions.filter((q) => q.filing)) {
      const text = filingText(q.filing!);
      for (const excerpt of q.evidence.split('\n...\n').filter(Boolean))
        expect(text.includes(excerpt), `${q.id}: ${excerpt.slice(0, 60)}`).toBe(true);
      for (const more of q.evidence_more ?? []) {
        const other = filingText(more.filing);
        for (const excerpt of more.evidence.split('\n...\n').filter(Boolean))
          expect(other.includes(excerpt), `${q.id}: ${excerpt.slice(0, 60)}`).toBe(true);
      }
      if ('figure' in q.expect && DIRECT.includes(q.class)) expect(q.evidence, q.id).toMatch(printed(q.expect.figure));
      // (A share is computed from its part and whole, or printed as the filing states it.)
      const stated = q.class === 'part_share' && 'figure' in q.expect && printed(q.expect.figure).test(q.evidence);
      if ('figure' in q.expect && !DIRECT.includes(q.class) && !stated) expect(q.note, `${q.id} states its formula`).toMatch(/[=/]/);
    }
  });

  it('names each filing by its company and year as the index labels them', () => {
    for (const q of questions.filter((q) => q.filing)) {
      const f = filings.find((f) => q.filing!.includes(f.accession));
      // (A company the index lacks, asked so that the answer declines, names a filing of its sector's.)
      const absent = 'abstain' in q.expect && !filings.some((g) => g.sec_ticker === q.ticker);
      if (!absent) expect(f?.sec_ticker, q.id).toBe(q.ticker);
      for (const more of q.evidence_more ?? [])
        expect(filings.find((g) => more.filing.includes(g.accession))?.sec_ticker, q.id).toBe(q.ticker);
      if (q.class === 'scope' && 'figure' in q.expect) {
        // A year with no filing of its own, answered from a later filing's comparative column.
        expect(
          filings.some((g) => g.sec_ticker === q.ticker && g.sec_fiscal_year === q.fiscal_year),
          q.id,
        ).toBe(false);
        expect(f!.sec_fiscal_year > q.fiscal_year, q.id).toBe(true);
      } else if (!('abstain' in q.expect)) expect(f!.sec_fiscal_year, q.id).toBe(q.fiscal_year);
      // (A question the index cannot answer names the filing that shows it: the company's latest.)
    }
  });

  it('asks about absent companies that are S&P 500 constituents with no filing in the index', () => {
    for (const q of questions.filter((q) => 'not_in_index' in q.expect)) {
      expect(constituents.has(q.ticker), q.ticker).toBe(true);
      expect(
        filings.some((f) => f.sec_ticker === q.ticker),
        q.ticker,
      ).toBe(false);
    }
  });
});

describe('the engine on the battery', () => {
  let results: BatteryResult[] = [];
  beforeAll(async () => {
    const backend = await openEngineBackend({ indexPath: sampleIndexPath() });
    try {
      results = await runBattery(backend, questions);
    } finally {
      await backend.close();
    }
  }, 180_000);

  it('stays at or above the floors, overall and per class', () => {
    const t = tally(results);
    console.log(`answer battery (${results.length} questions):\n${formatTally(t)}`);
    const short: string[] = [];
    const { overall, byClass } = t;
    if (overall.right / overall.n < FLOORS.overall.minRight)
      short.push(`overall right ${overall.right}/${overall.n} < ${FLOORS.overall.minRight}`);
    if (overall.wrong / overall.n > FLOORS.overall.maxWrong)
      short.push(`overall wrong ${overall.wrong}/${overall.n} > ${FLOORS.overall.maxWrong}`);
    for (const c of MAIN_CLASSES) {
      const k = byClass[c]!;
      if (k.right / k.n < FLOORS.minRightByClass[c]) short.push(`${c} right ${k.right}/${k.n} < ${FLOORS.minRightByClass[c]}`);
    }
    if (short.length) console.log(formatResults(results));
    expect(short).toEqual([]);
  });
});

describe.each(HOLDOUTS)('the engine on the held-out battery $file', ({ file, minRight, maxWrong }) => {
  let results: BatteryResult[] = [];
  beforeAll(async () => {
    const backend = await openEngineBackend({ indexPath: sampleIndexPath() });
    try {
      results = await runBattery(backend, loadBattery(join(batteryDir, file)));
    } finally {
      await backend.close();
    }
  }, 180_000);

  it('stays at or above its floor', () => {
    const { overall } = tally(results);
    console.log(`${file} (${results.length} questions):\n${formatTally(tally(results))}`);
    const short = [
      ...(overall.right / overall.n < minRight ? [`right ${overall.right}/${overall.n} < ${minRight}`] : []),
      ...(overall.wrong / overall.n > maxWrong ? [`wrong ${overall.wrong}/${overall.n} > ${maxWrong}`] : []),
    ];
    if (short.length) console.log(formatResults(results));
    expect(short).toEqual([]);
  });
});
