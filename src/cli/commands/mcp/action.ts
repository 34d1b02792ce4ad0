// `filings mcp`: the Model Context Protocol server on stdio, over the backend every other command would
// use (the embedded engine by default, a configured service, --local to force the engine). Settings
// are resolved and checked here, before the server starts, so a missing key fails at once (exit 3);
// the backend opens on the first call that needs it.
import { existsSync } from 'node:fs';
import { parseBaseUrl } from '../../../client/base-url.js';
import { AbortedError } from '../../../backend-errors.js';
import { ServiceError } from '../../../contract/errors.js';
import { IndexUnavailableError } from '../../../engine/index-location.js';
import type { IndexedFiling, McpContext } from '../../../mcp/context.js';
import type { LazyBackend } from '../../../mcp/lazy-backend.js';
import type { PullSession } from '../corpus/pull-session.js';
import { lazyBackend } from '../../../mcp/lazy-backend.js';
import { serveStdio } from '../../../mcp/stdio.js';
import { resolveApiKey } from '../../backend-factory.js';
import type { ActionContext } from '../../command.js';
import { UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { packageVersion } from '../../version.js';

const log = (line: string) => void process.stderr.write(`filings mcp: ${line}\n`);

/** A missing index is the contract's 503 INDEX_UNAVAILABLE (as `filings serve` answers), its message
 * saying how to build one. */
function asServiceError(e: unknown): unknown {
  return e instanceof IndexUnavailableError ? new ServiceError(503, 'INDEX_UNAVAILABLE', e.message) : e;
}

/** The filings of the index, as list_filings shows them. */
async function readFilings(indexPath: string): Promise<IndexedFiling[]> {
  const { openIndex, listFilings } = await import('../../../engine/corpus.js');
  const ix = openIndex(indexPath);
  try {
    return listFilings(ix).map((f) => ({
      accession: f.accession,
      sec_ticker: f.sec_ticker,
      company: f.company,
      sec_form_type: f.sec_form_type,
      sec_fiscal_year: f.sec_fiscal_year,
      sec_fiscal_year_end: f.sec_fiscal_year_end,
      period_of_report: f.period_of_report,
      report_filing_date: f.report_filing_date,
      sec_gics_sector: f.sec_gics_sector,
      sec_gics_sub_industry: f.sec_gics_sub_industry,
      items: f.items,
      filing_html_index: f.filing_html_index,
    }));
  } finally {
    ix.close();
  }
}

/** pull_filings over the local index: `corpus pull`'s session, its refusals as the contract's errors;
 * the backend reopens after filings were added, so the next query reads them. */
function pullerFor(f: Factory, backend: LazyBackend): NonNullable<McpContext['pullFilings']> {
  return async (request, signal, onProgress) => {
    const { openPullSession } = await import('../corpus/pull-session.js');
    const opts = { forms: request.forms?.join(','), years: request.years, since: request.since, dryRun: request.dry_run };
    let session: PullSession;
    try {
      session = await openPullSession(request.tickers, opts, f);
    } catch (e) {
      throw e instanceof UsageError ? new ServiceError(400, 'PULL_REFUSED', e.message) : e;
    }
    try {
      const result = await session.run(signal, onProgress).catch((e: unknown) => {
        throw signal.aborted ? new AbortedError('The pull was cancelled: the filings finished so far are in the index') : e;
      });
      if (result.added.length > 0) backend.reopen();
      if (result.blocked)
        throw new ServiceError(503, 'EDGAR_BLOCKED', `${result.blocked} (${result.added.length} filing(s) were added before)`);
      return { index: session.indexPath, ...result };
    } finally {
      await session.close();
    }
  };
}

export async function runMcp({ f }: ActionContext): Promise<void> {
  const settings = f.settings();
  let serving: string;
  let indexPath: string | undefined;
  if (settings.baseUrl) {
    parseBaseUrl(settings.baseUrl);
    resolveApiKey(settings, true);
    serving = `the service ${settings.baseUrl}`;
  } else {
    indexPath = f.indexPath();
    serving = `the local index ${indexPath}`;
    if (!existsSync(indexPath)) log(`no index at ${indexPath} yet: tools will say so until one is built ("filings corpus init")`);
  }

  // Opened on the first call that needs it, and again after a pull added filings (reopen): not the
  // Factory's one backend, which stays open for the process.
  const backend = lazyBackend(() => f.openBackend().catch((e: unknown) => Promise.reject(asServiceError(e))));
  const ctx: McpContext = {
    backend: backend.get,
    listFilings:
      indexPath === undefined ? undefined : () => readFilings(indexPath).catch((e: unknown) => Promise.reject(asServiceError(e))),
    pullFilings: indexPath === undefined ? undefined : pullerFor(f, backend),
    // The request defaults `filings query` applies, from the same settings.
    defaults: settings.request,
    serving,
    version: packageVersion(),
    log,
  };

  const server = await serveStdio(ctx);
  const stop = () => void server.stop();
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  log(`serving ${serving} on stdio`);
  if (process.stdin.isTTY) log('this is a server for an assistant to start (see docs/mcp.md); Ctrl-C stops it');
  try {
    await server.closed;
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    await backend.close();
  }
}
