// The presenters of `filings query`: deltas written the moment they arrive, the spinner from
// retrieval.started to retrieval.completed, the summary table (inferred filters marked), JSON and
// JSONL without escape codes even with colour forced; and the filters table fits the width.
import { beforeAll, describe, expect, it } from 'vitest';
import type { BackendEvent, MetadataFiltersResponse, ResearchResponse } from '../../src/contract/types.js';
import { loadColour, makeChalk } from '../../src/cli/render/color.js';
import { renderFiltersTable, valuesGrid } from '../../src/cli/render/filters-table.js';
import { createPresenter, type OutputMode } from '../../src/cli/render/presenter.js';
import { formatFilters, renderSummaryTable } from '../../src/cli/render/summary-table.js';
import type { Spinner } from '../../src/cli/spinner.js';

const ESC = /\x1b\[/;

const RESPONSE: ResearchResponse = {
  request_id: 'req_test123',
  notices: [{ code: 'FILTERS_INFERRED', message: 'inferred from the question: sec_fiscal_year=FY-2018' }],
  evidence:
    '<source_registry>\n<source id="A" ticker="MMM" title="MD&amp;A" />\n</source_registry>\n<evidence_chain relevance_score="9" facet="capex">\n<entry sources="A" confidence_score="0.90">\n<consensus>Capex was $1,577 million.</consensus>\n<source id="A"><observed_epistemic_statuses>reported_fact</observed_epistemic_statuses>\n</source>\n</entry>\n</evidence_chain>',
  summary: {
    domain: 'sandp_500',
    mode: 'research',
    effort: 'medium',
    submitted_metadata_filters: { sec_ticker: 'MMM' },
    applied_metadata_filters: { sec_ticker: 'MMM', sec_fiscal_year: 'FY-2018' },
    evidence_count: 1,
    warnings: ['LOW_EVIDENCE'],
  },
  answer: { text: 'Capex was $1,577 million [A].' },
};

const EVENTS: BackendEvent[] = [
  { event: 'retrieval.started', data: { request_id: 'req_test123', mode: 'research', effort: 'medium' } },
  { event: 'retrieval.completed', data: { request_id: 'req_test123', evidence_count: 1 } },
  { event: 'answer.delta', data: { delta: 'Capex was ' } },
  { event: 'answer.delta', data: { delta: '$1,577 million [A].' } },
  { event: 'final', data: RESPONSE },
];

async function run(mode: OutputMode, level: 0 | 1, events = EVENTS) {
  const written: string[] = [];
  const spinner: string[] = [];
  const fake: Spinner = {
    start: (t) => spinner.push(`start ${t}`),
    succeed: (t) => spinner.push(`succeed ${t}`),
    stop: () => spinner.push('stop'),
  };
  const p = await createPresenter(
    mode,
    { write: (s) => written.push(s), isTTY: false },
    { chalk: makeChalk(level), spinner: fake, width: 80 },
  );
  const after: string[] = [];
  for (const e of events) {
    p.onEvent(e);
    after.push(written.join(''));
  }
  await p.finish(RESPONSE);
  return { out: written.join(''), after, spinner };
}

// Chalk is loaded by main() for a run that may colour; these tests colour without it.
beforeAll(loadColour);
describe('text presenter', () => {
  it('writes each answer delta as it arrives, then evidence, sources and summary', async () => {
    const { out, after } = await run('table', 0);
    // Each word as soon as it is whole (the wrapping needs its length); the last one at the end.
    expect(after[2]).toBe('Answer\nCapex was');
    expect(after[3]).toBe('Answer\nCapex was $1,577 million');
    expect(out.match(/Capex was \$1,577 million \[A\]\./g)).toHaveLength(1); // not repeated at the end
    expect(out).toContain('█████████░  9  capex');
    expect(out).toMatch(/Sources\nid +ticker +title/);
    expect(out).toMatch(/filters applied +sec_ticker=MMM\n +sec_fiscal_year=FY-2018 \(inferred\)/);
    expect(out).toMatch(/filters given +sec_ticker=MMM/);
    expect(out).toMatch(/notice +FILTERS_INFERRED inferred/);
    expect(out).toMatch(/warning +LOW_EVIDENCE/);
    expect(out).toMatch(/request id +req_test123/);
    expect(out).not.toMatch(ESC);
  });

  it('runs the spinner from retrieval.started to retrieval.completed', async () => {
    expect((await run('table', 0)).spinner.slice(0, 2)).toEqual([
      'start Retrieving evidence (research, medium effort)',
      'succeed 1 evidence chain retrieved',
    ]);
  });

  it('prints the answer whole when no deltas came (a JSON reply)', async () => {
    const { out } = await run('table', 0, []);
    expect(out.startsWith('Answer\nCapex was $1,577 million [A].\n')).toBe(true);
  });

  it('colours when the level says so', async () => {
    expect((await run('table', 1)).out).toMatch(ESC);
  });
});

describe('JSON presenters', () => {
  it('--json: the response alone, exactly, with no escape code even with colour on', async () => {
    const { out } = await run('json', 1);
    expect(out).toBe(`${JSON.stringify(RESPONSE)}\n`);
  });
  it('--jsonl: one {event, data} line per event as it arrives', async () => {
    const { out, after } = await run('jsonl', 1);
    expect(after[0]).toBe(`${JSON.stringify({ event: 'retrieval.started', data: EVENTS[0]!.data })}\n`);
    expect(
      out
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).event),
    ).toEqual(['retrieval.started', 'retrieval.completed', 'answer.delta', 'answer.delta', 'final']);
    expect(out).not.toMatch(ESC);
  });
  it('--jsonl: a final line even when the backend sent no events', async () => {
    expect((await run('jsonl', 0, [])).out).toBe(`${JSON.stringify({ event: 'final', data: RESPONSE })}\n`);
  });
  it('--evidence-only: the evidence text alone', async () => {
    expect((await run('evidence', 1)).out).toBe(`${RESPONSE.evidence}\n`);
  });
});

describe('summary table', () => {
  it('formats each filter form', () => {
    expect([...formatFilters({ a: 'x', b: ['y', 'z'], c: { gte: '2023-01-01', lte: '2023-12-31' }, d: { neq: 'q' } }).values()]).toEqual([
      'a=x',
      'b in [y, z]',
      'c>=2023-01-01, c<=2023-12-31',
      'd!=q',
    ]);
  });
  it('fits narrow terminals', () => {
    for (const line of renderSummaryTable(RESPONSE, { chalk: makeChalk(0), width: 40 }).split('\n'))
      expect(line.length).toBeLessThanOrEqual(40);
  });
});

describe('filters table', () => {
  const answer: MetadataFiltersResponse = {
    domain: 'sandp_500',
    fields: [
      {
        name: 'sec_ticker',
        display_name: 'Ticker',
        value_type: 'string',
        format: 'primary ticker symbol (case-insensitive)',
        operators: ['eq', 'neq', 'in'],
        values: ['AAPL', 'MMM', 'KO', 'PEP', 'BA'].map((value, i) => ({ value, count: 10 - i })),
      },
      {
        name: 'report_filing_date',
        display_name: 'Filing date',
        value_type: 'date',
        format: 'date YYYY-MM-DD',
        operators: ['eq', 'gte', 'lte'],
        bounds: { min: '2016-01-19', max: '2024-02-07' },
      },
    ],
    limits: { max_query_chars: 4000 },
  };
  it.each([60, 80, 120])('shows fields, short names, operators, bounds and values with counts within %i columns', (width) => {
    const text = renderFiltersTable(answer, { values: true, width, chalk: makeChalk(0) });
    for (const line of text.split('\n')) expect([...line].length, line).toBeLessThanOrEqual(width);
    for (const s of ['sec_ticker', 'ticker, symbol', 'eq, gte, lte', '2016-01-19 –', 'AAPL', 'limits: max_query_chars=4000'])
      expect(text).toContain(s);
    expect(text).toMatch(/AAPL +10/);
  });
  it('packs values into columns like ls', () => {
    expect(
      valuesGrid(
        [
          { value: 'A', count: 3 },
          { value: 'B', count: 2 },
          { value: 'C', count: 1 },
        ],
        12,
        makeChalk(0),
      ),
    ).toEqual(['A  3   C  1', 'B  2']);
  });
});
