// pull_filings: filings straight from SEC EDGAR into the local index (`filings corpus pull` as a
// tool), so a question about a company or year the index lacks can be answered after one call.
// Offered only over the local index; progress is reported filing by filing.
import * as z from 'zod';
import type { PullResult } from '../../edgar/pull.js';
import { jsonResult, ResponseFormatSchema, textResult } from './results.js';
import { defineTool } from './tool.js';

const DESCRIPTION = [
  'Fetch SEC filings (10-K, 10-Q, 8-K) of companies from EDGAR into the local index, so that query_filings ' + 'can answer from them.',
  'Use it when list_filings shows the index lacks the company, form or fiscal year a question needs ' +
    '(query_filings then also says the company or year is not in the index). Name the companies by ticker ' +
    '("AAPL") and narrow to what the question needs: forms ["10-K"] and years "2024" (or a range ' +
    '"2019-2024"); a filing already in the index is not fetched again. EDGAR allows about 10 requests a ' +
    'second, so each filing takes one to three seconds: pull a few companies at a time. dry_run lists what ' +
    'would be fetched without fetching it. EDGAR asks for a User-Agent naming the user and an email ' +
    '(FILINGS_SEC_USER_AGENT, or sec_user_agent in the filings configuration); without one the pull is ' +
    'refused.',
].join('\n\n');

/** Tickers in one call: a pull of more runs for minutes, past what an assistant waits for a tool. */
export const MAX_PULL_TICKERS = 10;

const FORMS = ['10-K', '10-Q', '8-K', '10-K/A', '10-Q/A', '8-K/A'] as const;

function pulledText(r: PullResult & { index: string }, dryRun: boolean): string {
  if (dryRun) {
    const rows = r.planned.map((f) => [f.ticker, f.form, `FY-${f.fiscalYear}`, f.filingDate, f.accession].join(' | '));
    return [
      `Would fetch ${r.planned.length} filing(s) into ${r.index}; ${r.skipped.length} already indexed.`,
      ...(rows.length ? ['', 'ticker | form | fiscal year | filed | accession', ...rows] : []),
      ...failedLines(r),
    ].join('\n');
  }
  const cached = r.added.filter((a) => a.from_cache).length;
  const rows = r.added.map((f) =>
    [f.ticker, f.form, f.fiscal_year, f.filing_date, f.accession, `${f.sections} sections, ${f.tables} tables`].join(' | '),
  );
  return [
    `Pulled ${r.added.length} filing(s) (${cached} from the cache) into ${r.index}; ${r.skipped.length} already indexed; ${r.failed.length} failed. ` +
      `${r.requests} request(s), ${(r.bytes / 1e6).toFixed(1)} MB in ${r.seconds.toFixed(1)} s.`,
    ...(rows.length
      ? ['', 'ticker | form | fiscal year | filed | accession | read', ...rows, '', 'query_filings answers from them now.']
      : []),
    ...failedLines(r),
  ].join('\n');
}

function failedLines(r: PullResult): string[] {
  if (r.failed.length === 0) return [];
  return ['', 'Failed:', ...r.failed.map((f) => `- ${[f.ticker, f.form, f.accession].filter(Boolean).join(' ')}: ${f.reason}`)];
}

export const pullFilings = defineTool({
  name: 'pull_filings',
  title: 'Fetch filings from SEC EDGAR into the local index',
  description: DESCRIPTION,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  available: (ctx) => ctx.pullFilings !== undefined,
  schema: () =>
    z.strictObject({
      tickers: z
        .array(z.string().regex(/^[A-Za-z][A-Za-z0-9.-]{0,9}$/, { error: 'a ticker is letters, digits, "." or "-" (AAPL, BRK.B)' }))
        .min(1)
        .max(MAX_PULL_TICKERS)
        .meta({ description: `Tickers of the companies, at most ${MAX_PULL_TICKERS}.` }),
      forms: z.array(z.enum(FORMS)).min(1).optional().meta({ description: 'The forms to fetch (default 10-K, 10-Q and 8-K).' }),
      years: z
        .string()
        .regex(/^\d{4}(-\d{4})?$/, { error: 'years is a fiscal year (2024) or a range (2019-2024)' })
        .optional()
        .meta({ description: 'A fiscal year (2024) or a range (2019-2024); default: the latest fiscal year with a 10-K, and after.' }),
      since: z.iso.date().optional().meta({ description: 'Only filings filed on or after this date (YYYY-MM-DD).' }),
      dry_run: z.boolean().default(false).meta({ description: 'List what would be fetched; fetch nothing.' }),
      response_format: ResponseFormatSchema.meta({
        description: 'text (default): a summary and one filing a line. json: the whole pull result.',
      }),
    }),
  async run({ response_format, ...request }, { ctx, signal, report }) {
    const result = await ctx.pullFilings!(request, signal, (p) => {
      if (p.total > 0) report?.(p.done, p.total, `fetched ${p.done} of ${p.total} filings${p.current ? ` (${p.current})` : ''}`);
    });
    return response_format === 'json' ? jsonResult(result) : textResult(pulledText(result, request.dry_run));
  },
});
