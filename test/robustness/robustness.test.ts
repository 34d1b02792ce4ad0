// Retrieval robustness (issue 15): the 47 development questions as written and as analysts type
// them (lower case, tickers, short names, paraphrases), scored by score.py's rules
// (bench/lib/retrieval-score.js). The questions are read at run time from ../shared/eval.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scoreResponse } from '../../bench/lib/retrieval-score.js';
import {
  buildVariants,
  type DevQuestion,
  formatMisses,
  formatRobustness,
  loadAliases,
  loadParaphrases,
  loadQuestions,
  replaceCompany,
  type RobustnessResults,
  runRobustness,
  type Variant,
  VARIANTS,
} from '../../bench/lib/robustness.js';
import type { Backend } from '../../src/backend.js';
import { openEngineBackend } from '../../src/engine/engine-backend.js';
import { evalFile, hasEval, needsEval, sampleIndexPath } from '../helpers/sample.js';

type Rates = { hit: number; own: number; ticker: number; year: number };
/**
 * What the engine achieved when the suite was written (hit@10, share of own chains, ticker and year
 * inferred). Floors for the work of issue 15: raise them as retrieval generalises, never lower them.
 */
// Issue 15's bar (as written 0.95, lower-cased 0.93, paraphrased 0.90, own 0.95) or, where the engine
// does better, one question below what it does now.
const FLOORS: Record<Variant, Rates> = {
  as_written: { hit: 0.95, own: 0.97, ticker: 0.97, year: 0.97 },
  lowercase: { hit: 0.95, own: 0.97, ticker: 0.97, year: 0.97 },
  ticker: { hit: 0.95, own: 0.97, ticker: 0.97, year: 0.97 },
  alias: { hit: 0.91, own: 0.95, ticker: 0.93, year: 0.97 },
  paraphrase: { hit: 0.93, own: 0.97, ticker: 0.97, year: 0.97 },
};

const dir = new URL('./', import.meta.url).pathname;
const questions = hasEval() ? loadQuestions(evalFile()) : [];
const aliases = loadAliases(`${dir}aliases.json`);
const paraphrases = loadParaphrases(`${dir}paraphrases.jsonl`);

describe('the variants', () => {
  it.skipIf(!hasEval())(needsEval('are generated for every development question, by code, from its company names'), () => {
    const v = buildVariants(questions, aliases, paraphrases);
    for (const name of VARIANTS) expect(v[name].length, name).toBeGreaterThanOrEqual(45);
    expect(v.lowercase.every(({ text }) => text === text.toLowerCase())).toBe(true);
    const ko = v.ticker.find(({ q }) => q.ticker === 'KO')!;
    expect(ko.text).toMatch(/\$?KO's/);
    expect(ko.text).not.toMatch(/Coca.Cola/i);
    expect(v.ticker.some(({ text }) => text.includes('$'))).toBe(true);
  });

  it('replace names in any case, with spaces or hyphens, possessives kept, never inside a word', () => {
    const names = ['Coca-Cola', 'The Coca-Cola Company'];
    expect(replaceCompany("What is Coca Cola's FY2021 margin?", names, 'Coke')).toBe("What is Coke's FY2021 margin?");
    expect(replaceCompany('the coca-cola company and AMCOR', [...names, 'Amcor'], 'X')).toBe('X and X');
    expect(replaceCompany('What does Blockbuster do?', ['Block'], 'XYZ')).toBeNull();
  });

  it.skipIf(!hasEval())(needsEval('paraphrase each development question in new words, not its text'), () => {
    const byId = new Map(questions.map((q) => [q.id, q]));
    expect(paraphrases.length).toBeGreaterThanOrEqual(45);
    for (const p of paraphrases) {
      const q = byId.get(p.id)!;
      expect(q, p.id).toBeDefined();
      // No run of six words of the development question (company names and years aside).
      const words = (s: string) =>
        s
          .toLowerCase()
          .replace(/[^a-z0-9&' ]+/g, ' ')
          .split(/\s+/)
          .filter(Boolean);
      const qw = words(q.question);
      const grams = new Set(qw.slice(5).map((_, i) => qw.slice(i, i + 6).join(' ')));
      const pw = words(p.question);
      expect(
        pw.slice(5).some((_, i) => grams.has(pw.slice(i, i + 6).join(' '))),
        p.question,
      ).toBe(false);
    }
  });

  it('score as score.py does: hits only from chains of the asked company', () => {
    const q: DevQuestion = {
      id: 'x',
      question: '',
      company: 'Acme',
      question_type: '',
      ticker: 'AAA',
      fiscal_year: 'FY-2022',
      evidence: ['Widgets revenue 123,456 increased strongly'],
    };
    const chain = (src: string, text: string) => `<evidence_chain><entry sources="${src}">${text}</entry></evidence_chain>`;
    const sources = '<source id="A" ticker="AAA" /><source id="B" ticker="BBB" />';
    const mine = scoreResponse(
      {
        evidence: sources + chain('A', 'Widgets revenue 123,456 increased'),
        summary: { applied_metadata_filters: { sec_ticker: 'AAA', sec_fiscal_year: ['FY-2022'] } },
      },
      q,
    );
    expect(mine).toMatchObject({ hit: true, own: 1, ticker: true, year: true });
    const theirs = scoreResponse({ evidence: sources + chain('B', 'Widgets revenue 123,456 increased'), summary: null }, q);
    expect(theirs).toMatchObject({ hit: false, own: 0, ticker: false, year: false });
  });
});

describe.skipIf(!hasEval())(needsEval('the engine on the variants'), () => {
  let backend: Backend;
  let results: RobustnessResults;
  beforeAll(async () => {
    backend = await openEngineBackend({ indexPath: sampleIndexPath() });
    results = await runRobustness(backend, buildVariants(questions, aliases, paraphrases));
  }, 240_000);
  afterAll(async () => backend?.close());

  it('stays at or above the floors for every variant', () => {
    console.log(`retrieval robustness (dev questions, k=10):\n${formatRobustness(results)}`);
    const short: string[] = [];
    for (const v of VARIANTS) {
      for (const m of ['hit', 'own', 'ticker', 'year'] as const) {
        if (results[v][m] < FLOORS[v][m] - 1e-9) short.push(`${v} ${m} ${results[v][m].toFixed(3)} < ${FLOORS[v][m]}`);
      }
    }
    if (short.length) console.log(formatMisses(results));
    expect(short).toEqual([]);
  });
});
