// `filings corpus pull TICKER...`: filings straight from EDGAR into the local index. Options and the
// terminal here; the work in src/edgar/pull.ts.
import type { NothingMatched, PullResult } from '../../../edgar/pull.js';
import { parseYears } from '../../../edgar/plan.js';
import { CancelledError, OutcomeError } from '../../errors.js';
import { EXIT } from '../../exit-codes.js';
import { withInterrupt } from '../../interrupt.js';
import type { ActionContext } from '../../command.js';
import type { Factory } from '../../factory.js';
import { json, mb } from './common.js';
import { pullProgress } from './pull-progress.js';
import { openPullSession, type PullOpts } from './pull-session.js';

export type { PullOpts } from './pull-session.js';

/** "; the company facts of 2 companies (71,806 facts)", or of none; with what was added, replaced and
 * unchanged when not all were added. */
function factsText(r: PullResult): string {
  if (r.facts.length === 0) return '';
  const companies = new Set(r.facts.map((f) => f.cik)).size;
  const facts = r.facts.reduce((n, f) => n + f.facts, 0).toLocaleString('en-US');
  const count = (w: string) => new Set(r.facts.filter((f) => f.written === w).map((f) => f.cik)).size;
  const [added, replaced, unchanged] = [count('added'), count('replaced'), count('unchanged')];
  const how =
    added === companies
      ? ''
      : `: ${[
          added ? `${added} added` : '',
          replaced ? `${replaced} replaced` : '',
          unchanged ? `${unchanged} unchanged, not read again` : '',
        ]
          .filter(Boolean)
          .join(', ')}`;
  return `; the company facts of ${companies} compan${companies === 1 ? 'y' : 'ies'} (${facts} facts${how})`;
}

export function pullText(r: PullResult, indexPath: string, dryRun: boolean, factsOnly = false): string {
  if (dryRun) {
    const lines = [
      ...r.planned.map((f) => `${f.ticker}\t${f.form}\tFY-${f.fiscalYear}\t${f.filingDate}\t${f.accession}\t${f.url}`),
      ...r.facts_planned.map((f) => `${f.ticker}\tcompany facts\t\t\tCIK ${f.cik}\t${f.url}`),
    ];
    const facts = r.facts_planned.length ? ` and ${r.facts_planned.length} company facts file(s)` : '';
    return `${lines.join('\n')}${lines.length ? '\n' : ''}Would fetch ${r.planned.length} filing(s)${facts}; ${r.skipped.length} already indexed.\n`;
  }
  const cached = r.added.filter((a) => a.from_cache).length;
  const traffic = `${r.requests} request(s), ${mb(r.bytes)} in ${r.seconds.toFixed(1)} s\n`;
  if (factsOnly) {
    const what = r.facts.length ? factsText(r).slice(2) : 'no company facts';
    return `Pulled ${what} into ${indexPath}; ${r.failed.length} failed. ${traffic}`;
  }
  return (
    `Pulled ${r.added.length} filing(s) (${cached} from the cache)${factsText(r)} into ${indexPath}; ` +
    `${r.skipped.length} already indexed; ${r.failed.length} failed. ` +
    `${r.requests} request(s), ${mb(r.bytes)} in ${r.seconds.toFixed(1)} s\n`
  );
}

/** Why a ticker brought nothing: no filing of the forms in the years asked, and what it has. */
export function nothingText(n: NothingMatched, o: PullOpts): string {
  const forms = n.forms.join(', ');
  const asked = o.years ? `in fiscal ${o.years}` : o.since ? `filed since ${o.since}` : 'in its latest fiscal year with a 10-K';
  const years = o.years ? parseYears(o.years) : undefined;
  const a = n.available;
  const has = !a
    ? `EDGAR lists no ${forms} filings for it`
    : years && years.from > a.to
      ? `its latest on EDGAR are of fiscal ${a.to}`
      : years && years.to < a.from
        ? `its earliest on EDGAR are of fiscal ${a.from}`
        : `it has ${forms} filings of fiscal ${a.from} to ${a.to}, none ${asked}`;
  return `nothing matched for ${n.ticker}: no ${forms} ${asked}; ${has}`;
}

export async function corpusPull(tickers: string[], o: PullOpts, f: Factory): Promise<PullResult> {
  const { io } = f;
  const session = await openPullSession(tickers, o, f);
  const { indexPath } = session;
  // Plain lines in a log under --json too (stdout holds the JSON); the line rewritten on a terminal without it.
  const progress = pullProgress(io.stderr, !o.dryRun, !o.json && !o.dryRun);
  let result: PullResult;
  try {
    result = await withInterrupt((signal) =>
      session.run(signal, progress.update).catch((e: unknown) => {
        if (signal.aborted)
          throw new CancelledError(
            `Interrupted: the ${o.factsOnly ? 'company facts' : 'filings'} finished so far are in the index; ` +
              'run the same command again to fetch the rest',
          );
        throw e;
      }),
    );
  } finally {
    progress.done();
    await session.close();
  }
  if (o.json) io.stdout.write(json({ index: indexPath, dry_run: Boolean(o.dryRun), ...result }));
  else io.stdout.write(pullText(result, indexPath, Boolean(o.dryRun), Boolean(o.factsOnly)));
  for (const n of result.nothing_matched) io.stderr.write(`${nothingText(n, o)}\n`);
  for (const w of result.warnings) io.stderr.write(`warning: ${[w.ticker, w.form, w.accession].filter(Boolean).join(' ')}: ${w.message}\n`);
  for (const f of result.failed) io.stderr.write(`failed: ${[f.ticker, f.form, f.accession].filter(Boolean).join(' ')}: ${f.reason}\n`);
  const problem = result.blocked
    ? { code: EXIT.UNAVAILABLE, message: result.blocked }
    : result.failed.length > 0
      ? {
          code: EXIT.USAGE,
          message: `${result.failed.length} filing(s) or ticker(s) failed (named above); the others were ${o.dryRun ? 'listed' : 'added'}`,
        }
      : undefined;
  // The summary above is printed whole (under --json the one document on stdout); the exit code and stderr say the rest.
  if (problem) throw new OutcomeError(problem.message, problem.code);
  return result;
}

export async function run({ args, opts, f }: ActionContext): Promise<void> {
  await corpusPull(args, opts as PullOpts, f);
}
