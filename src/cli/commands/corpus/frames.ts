// `filings corpus frames ITEM --years Y | --period CY2023Q4I`: one line item (or concept) of every
// constituent (or every filer) from EDGAR's XBRL frames, without pulling each company's facts: a table
// on a terminal, tab-separated lines in a pipe, --json as data. The work is src/edgar/frames.ts's.
import { type FramesResult, framesScreen } from '../../../edgar/frames.js';
import { parseYears, type YearRange } from '../../../edgar/plan.js';
import { membersOf } from '../../../edgar/members.js';
import { type Constituent, parseFramePeriod } from '../../../engine/corpus-ingest.js';
import { measureConcepts, measureKey } from '../../../engine/terms.js';
import type { ActionContext } from '../../command.js';
import { CancelledError, CliError, UsageError } from '../../errors.js';
import { EXIT } from '../../exit-codes.js';
import { withInterrupt } from '../../interrupt.js';
import { type Column, renderTable } from '../../render/table.js';
import { json } from './common.js';
import { constituentsOf, edgarClient, hostsOf, userAgentOf } from './pull-session.js';

export interface FramesOpts {
  years?: string;
  period?: string;
  unit?: string;
  allFilers?: boolean;
  sector?: string;
  subIndustry?: string;
  constituents?: string;
  json?: boolean;
}

const CONCEPT = /^(?:([a-z][a-z0-9-]*):)?([A-Z][A-Za-z0-9]+)$/;

/** The concepts, unit and kind of what was asked: a measure of the lexicon, or a concept. */
function whatOf(what: string, o: FramesOpts): { concepts: string[]; unit: string; balance?: boolean; name: string } {
  const key = measureKey(what);
  if (key) {
    const m = measureConcepts(key);
    if (!m)
      throw new UsageError(
        `${key} is a measure no XBRL concept carries (a metric is computed from line items): name a line item or a concept`,
      );
    if (o.unit !== undefined) throw new UsageError(`--unit is the line item's own (${m.unit}) for ${key}: give it only with a concept`);
    return { ...m, name: key };
  }
  const c = CONCEPT.exec(what.trim());
  if (!c) throw new UsageError(`"${what}" is neither a measure (filings figures --list-measures) nor a concept (us-gaap:Revenues)`);
  return { concepts: [`${c[1] ?? 'us-gaap'}:${c[2]}`], unit: o.unit ?? 'USD', name: `${c[1] ?? 'us-gaap'}:${c[2]}` };
}

/** The constituents of --sector or --sub-industry, or all of them. */
function membersAsked(o: FramesOpts, all: Map<string, Constituent>): Map<string, Constituent> {
  if (o.sector === undefined && o.subIndustry === undefined) return all;
  if (o.sector !== undefined && o.subIndustry !== undefined) throw new UsageError('--sector and --sub-industry: give one of them');
  if (o.allFilers) throw new UsageError('--all-filers reads every filer: give no --sector or --sub-industry with it');
  const m = membersOf(all, { sector: o.sector, subIndustry: o.subIndustry });
  if ('error' in m) throw new UsageError(m.error);
  const tickers = new Set(m.tickers);
  return new Map([...all].filter(([, c]) => tickers.has(c.symbol)));
}

const COLUMNS: Column[] = [
  { head: 'ticker' },
  { head: 'FY' },
  { head: 'frame', drop: 3 },
  { head: 'end', drop: 2 },
  { head: 'value' },
  { head: 'concept', drop: 1, flexible: true },
  { head: 'accession', drop: 4 },
];

export async function run({ args, opts, f, io }: ActionContext): Promise<void> {
  const o = opts as FramesOpts;
  const what = whatOf(args[0] ?? '', o);
  if ((o.years === undefined) === (o.period === undefined))
    throw new UsageError('give --years (fiscal years) or --period (a calendar period such as CY2023Q4I)');
  let years: YearRange | undefined;
  if (o.years !== undefined) {
    try {
      years = parseYears(o.years);
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
    if (what.balance)
      throw new UsageError(
        `${what.name} is a balance: its frames are instants at a calendar quarter's end (CY2023Q4I), a fiscal year's end only ` +
          'for a company whose year ends with the quarter; give --period',
      );
  }
  const period = o.period === undefined ? undefined : parseFramePeriod(o.period)?.name;
  if (o.period !== undefined && !period)
    throw new UsageError(`--period takes a calendar period of the frames API (CY2023, CY2023Q1, CY2023Q4I); got "${o.period}"`);
  const constituents = membersAsked(o, await constituentsOf(o, f));
  if (!o.allFilers && constituents.size === 0)
    throw new UsageError('no constituents file to read (--constituents FILE), or give --all-filers');
  const userAgent = userAgentOf(f);
  const hosts = hostsOf(f);
  const { client, cache } = await edgarClient(f, userAgent);
  let r: FramesResult;
  try {
    r = await withInterrupt((signal) =>
      framesScreen({
        concepts: what.concepts,
        unit: what.unit,
        ...(years ? { years } : {}),
        ...(period ? { period } : {}),
        allFilers: Boolean(o.allFilers),
        constituents,
        cache,
        hosts,
        signal,
      }).catch((e: unknown) => {
        if (signal.aborted) throw new CancelledError('Interrupted: nothing was kept but the frames already downloaded (in the cache)');
        throw e;
      }),
    );
  } finally {
    await client.close();
  }
  if (o.json) io.stdout.write(json({ measure: what.name, unit: what.unit, requests: client.requests, ...r }));
  else {
    const cells = r.rows.map((x) => [
      x.ticker ?? `CIK ${x.cik}`,
      x.fiscal_year === null ? '' : String(x.fiscal_year),
      x.frame,
      x.end,
      String(x.value),
      x.concept,
      x.accession,
    ]);
    if (!io.stdout.isTTY) for (const c of cells) io.stdout.write(`${c.join('\t')}\n`);
    else io.stdout.write(`${renderTable(COLUMNS, cells, { width: io.width(), bold: io.chalk().bold })}\n`);
  }
  const missing = r.frames.filter((x) => x.missing).length;
  const absent = r.absent.map((a) => (a.fiscal_year === null ? a.ticker : `${a.ticker} ${a.fiscal_year}`));
  io.stderr.write(
    `${r.rows.length} row(s) of ${what.name} (${what.unit}) from ${r.frames.length - missing} frame(s)` +
      `${missing ? ` (${missing} asked that EDGAR has none of)` : ''}; ${client.requests} request(s)\n` +
      (absent.length
        ? `in no frame: ${absent.slice(0, 20).join(', ')}${absent.length > 20 ? ` and ${absent.length - 20} more` : ''}\n`
        : ''),
  );
  for (const x of r.failed) io.stderr.write(`failed: ${x.url}: ${x.reason}\n`);
  if (r.blocked) throw new CliError(r.blocked, EXIT.UNAVAILABLE);
  if (r.failed.length) throw new CliError(`${r.failed.length} frame(s) failed (named above)`, EXIT.USAGE);
}
