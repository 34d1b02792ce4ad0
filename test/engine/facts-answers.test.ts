// Answers that read EDGAR's XBRL company facts (issue 31): the sample index with the recorded company
// facts of AAPL and GOOGL written into it. Apple's filings in the sample (its fiscal 2022 and 2023
// 10-Ks) give their own years, each figure checked against the facts; the years only the facts hold
// (Apple before 2020 and after 2023, every year of Alphabet, whose filings the sample lacks) are
// answered from them, status "fact", cited by accession and concept.
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../src/backend.js';
import { FigureRecordSchema } from '../../src/contract/figure-schemas.js';
import type { FigureRecord, ResearchResponse } from '../../src/contract/types.js';
import { openEngineBackend } from '../../src/engine/engine-backend.js';
import { sampleIndexPath } from '../helpers/sample.js';
import { tempDir } from '../helpers/tmp.js';
import { hasCompanyFacts, writeFacts } from './company-facts-index.js';

const TEN = [2016, 2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025];
const ACCESSION = /^\d{10}-\d{2}-\d{6}$/;

describe.skipIf(!hasCompanyFacts())('answers that read the company facts', () => {
  let backend: Backend;
  beforeAll(async () => {
    const path = join(tempDir('filings-facts-answers-'), 'index.sqlite');
    copyFileSync(sampleIndexPath(), path);
    await writeFacts(path, 'AAPL');
    await writeFacts(path, 'GOOGL');
    backend = await openEngineBackend({ indexPath: path });
  }, 120_000);
  afterAll(async () => backend?.close());

  const figures = async (tickers: string[], measures: string[], years: number[]) => {
    const res = await backend.figures!({ tickers, measures, years });
    for (const f of res.analysis!.figures as FigureRecord[]) FigureRecordSchema.parse(f);
    return res as ResearchResponse & { analysis: { figures: FigureRecord[] } };
  };
  const ask = async (query: string) =>
    (await backend.query({
      query,
      mode: 'research',
      retrieval: { max_evidence: 10 },
      include: { answer: true, analysis: true },
    })) as ResearchResponse & {
      analysis: { figures: FigureRecord[] };
    };

  it.each([
    // Values as the recorded facts hold them (each year's latest 10-K), written here by hand.
    ['AAPL', 'revenue', [215_639, 229_234, 265_595, 260_174, 274_515, 365_817, 394_328, 383_285, 391_035, 416_161]],
    ['AAPL', 'net_income', [45_687, 48_351, 59_531, 55_256, 57_411, 94_680, 99_803, 96_995, 93_736, 112_010]],
    ['GOOGL', 'revenue', [90_272, 110_855, 136_819, 161_857, 182_527, 257_637, 282_836, 307_394, 350_018, 402_836]],
    ['GOOGL', 'net_income', [19_478, 12_662, 30_736, 34_343, 40_269, 76_033, 59_972, 73_795, 100_118, 132_170]],
  ] as const)("%s's ten years of %s: each year's figure, in millions", async (ticker, measure, millions) => {
    const res = await figures([ticker], [measure], TEN);
    // (The cells' records; the series' change over the ten years is a derived record beside them.)
    const stated = res.analysis.figures.filter((f) => f.status !== 'derived');
    const byYear = new Map(stated.map((f) => [f.fiscal_year, f]));
    expect([...Array(10).keys()].map((i) => byYear.get(2016 + i)?.value)).toEqual(millions.map((m) => m * 1e6));
    for (const f of stated) {
      expect(f.source?.accession).toMatch(ACCESSION);
      // Apple's sample 10-Ks give fiscal 2020-2023 from their text, checked against the facts.
      const fromText = ticker === 'AAPL' && f.fiscal_year >= 2020 && f.fiscal_year <= 2023;
      expect(f.status, `${ticker} ${f.fiscal_year}`).toBe(fromText ? 'reported' : 'fact');
      if (fromText) expect(f.facts_check?.status).toBe('agree');
      else expect(f.source?.concept).toMatch(/^us-gaap:/);
    }
  });

  it("checks the headline figures of Apple's sample 10-Ks against the facts: they agree, or the answer names the disagreement", async () => {
    const headline = [
      'revenue',
      'cost_of_revenue',
      'gross_profit',
      'rnd',
      'sga',
      'operating_income',
      'pretax_income',
      'income_tax',
      'net_income',
      'eps_basic',
      'eps_diluted',
      'cash',
      'total_assets',
      'total_liabilities',
      'equity',
      'short_term_debt',
      'operating_cash_flow',
      'capex',
      'dividends_paid',
      'buybacks',
    ];
    let checked = 0;
    for (const measure of headline) {
      const res = await figures(['AAPL'], [measure], [2021, 2022, 2023]);
      const disagreements = (res.notices ?? []).filter((n) => n.code === 'FIGURE_FACTS_DISAGREE');
      for (const f of res.analysis.figures.filter((x) => x.status === 'reported')) {
        checked++;
        expect(f.facts_check, `${measure} ${f.fiscal_year}`).toBeDefined();
        if (f.facts_check!.status === 'disagree')
          expect(disagreements.some((n) => n.message.includes(`FY ${f.fiscal_year}`) && n.message.includes(f.facts_check!.accession))).toBe(
            true,
          );
        else expect(['agree', 'restated']).toContain(f.facts_check!.status);
      }
    }
    expect(checked).toBeGreaterThanOrEqual(50);
  });

  it("answers a question of a year Apple's sample filings do not hold from the facts, cited by accession", async () => {
    const res = await ask("What was Apple's net income in fiscal 2018?");
    expect(res.answer!.text).toMatch(
      /^Apple \(AAPL\) net income for fiscal 2018: \$59,531 million, the XBRL company fact us-gaap:NetIncomeLoss of the 10-K filed \d{4}-\d{2}-\d{2}, accession \d{10}-\d{2}-\d{6}/,
    );
    expect(res.analysis.figures[0]).toMatchObject({
      status: 'fact',
      value: 59_531e6,
      source: { concept: 'us-gaap:NetIncomeLoss', fiscal_year: null },
    });
  });

  it('states a figure of the text with what the facts say of it', async () => {
    const res = await ask("What was Apple's revenue in fiscal 2023?");
    expect(res.answer!.text).toMatch(
      /\$383,285 million, reported as "Total net sales", the 10-K FY2023 income statement \[\w\]; the XBRL company facts agree \(us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax\)/,
    );
    expect(res.analysis.figures[0]!.facts_check).toMatchObject({ status: 'agree', accession: '0000320193-23-000106' });
  });

  it("answers a company the index holds only the facts of (Alphabet), and a grid of it beside Apple's text", async () => {
    const res = await ask('Compare Apple and Alphabet net income in 2023');
    const stated = res.analysis.figures.map((f) => [f.ticker, f.fiscal_year, f.value, f.status]);
    expect(stated).toEqual([
      ['AAPL', 2023, 96_995e6, 'reported'],
      // (Alphabet is read as GOOG, its class C shares; GOOG and GOOGL are one company's facts.)
      ['GOOG', 2023, 73_795e6, 'fact'],
    ]);
  });
});
