// `filings corpus pull TICKER...`: filings straight from EDGAR into the local index. Options and the
// terminal here; the work in src/edgar/pull.ts.
import type { PullResult } from '../../../edgar/pull.js';
import { CancelledError, CliError } from '../../errors.js';
import { EXIT } from '../../exit-codes.js';
import { withInterrupt } from '../../interrupt.js';
import type { ActionContext } from '../../command.js';
import type { Factory } from '../../factory.js';
import { json, mb } from './common.js';
import { pullProgress } from './pull-progress.js';
import { openPullSession, type PullOpts } from './pull-session.js';

export type { PullOpts } from './pull-session.js';

export function pullText(r: PullResult, indexPath: string, dryRun: boolean): string {
  if (dryRun) {
    const lines = r.planned.map((f) => `${f.ticker}\t${f.form}\tFY-${f.fiscalYear}\t${f.filingDate}\t${f.accession}\t${f.url}`);
    return `${lines.join('\n')}${lines.length ? '\n' : ''}Would fetch ${r.planned.length} filing(s); ${r.skipped.length} already indexed.\n`;
  }
  const cached = r.added.filter((a) => a.from_cache).length;
  return (
    `Pulled ${r.added.length} filing(s) (${cached} from the cache) into ${indexPath}; ${r.skipped.length} already indexed; ${r.failed.length} failed. ` +
    `${r.requests} request(s), ${mb(r.bytes)} in ${r.seconds.toFixed(1)} s\n`
  );
}

export async function corpusPull(tickers: string[], o: PullOpts, f: Factory): Promise<PullResult> {
  const { io } = f;
  const session = await openPullSession(tickers, o, f);
  const { indexPath } = session;
  const progress = pullProgress(io.stderr, !o.json && !o.dryRun);
  let result: PullResult;
  try {
    result = await withInterrupt((signal) =>
      session.run(signal, progress.update).catch((e: unknown) => {
        if (signal.aborted) throw new CancelledError('Interrupted: the filings finished so far are in the index; run the same command again to fetch the rest');
        throw e;
      }),
    );
  } finally {
    progress.done();
    await session.close();
  }
  if (o.json) io.stdout.write(json({ index: indexPath, dry_run: Boolean(o.dryRun), ...result }));
  else io.stdout.write(pullText(result, indexPath, Boolean(o.dryRun)));
  for (const f of result.failed) io.stderr.write(`failed: ${[f.ticker, f.form, f.accession].filter(Boolean).join(' ')}: ${f.reason}\n`);
  const problem = result.blocked
    ? { code: EXIT.UNAVAILABLE, message: result.blocked }
    : result.failed.length > 0
      ? { code: EXIT.USAGE, message: `${result.failed.length} filing(s) or ticker(s) failed (named above); the others were ${o.dryRun ? 'listed' : 'added'}` }
      : undefined;
  if (problem && o.json) {
    // The summary above is the one JSON document on stdout; the exit code and stderr say the rest.
    io.stderr.write(`filings: ${problem.message}\n`);
    process.exitCode = problem.code;
  } else if (problem) throw new CliError(problem.message, problem.code);
  return result;
}

export async function run({ args, opts, f }: ActionContext): Promise<void> {
  await corpusPull(args, opts as PullOpts, f);
}
