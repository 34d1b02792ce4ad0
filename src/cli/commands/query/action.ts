// `filings query`: argv -> options -> ResearchRequest (validated by the contract) -> Backend.query ->
// events -> presenter.
import { config as zodConfig } from 'zod';
import type { ResearchResponse } from '../../../contract/types.js';
import { validateRequest } from '../../../contract/validate.js';
import { resolveApiKey } from '../../backend-factory.js';
import type { ActionContext } from '../../command.js';
import { curlCommand } from '../../curl.js';
import { FiguresIncompleteError, MinEvidenceError, UsageError } from '../../errors.js';
import { withInterrupt } from '../../interrupt.js';
import type { Output } from '../../io.js';
import { figureCounts } from '../../output/figure-rows.js';
import { chosenFormat } from '../../output/formats.js';
import { createPresenter, type OutputMode } from '../../render/presenter.js';
import { wrap } from '../../render/wrap.js';
import { verifiedOnly } from '../../render/verified-only.js';
import { buildRequest, type QueryFlags } from '../../request-builder.js';
import { NO_SPINNER } from '../../spinner.js';
import { questionOf, sourceReader, wantsStdin } from '../../stdin.js';
import { checkOutput, fileSink } from './output-file.js';

// One question a process: zod's compiled parsers (new Function, made at the first parse and never in
// V8's code cache) cost about 4 ms, and pay back only over many parses, as in `filings serve`.
zodConfig({ jitless: true });

interface QueryOpts extends QueryFlags {
  evidenceOnly?: boolean;
  output?: string;
  dryRun?: boolean;
  curl?: boolean;
  minEvidence?: string;
  verbose?: boolean;
  explain?: boolean;
  verifiedOnly?: boolean;
  failOnGap?: boolean;
}

function outputMode(o: QueryOpts): OutputMode {
  return chosenFormat(o as Record<string, unknown>, { evidence: o.evidenceOnly }) as OutputMode;
}

function minEvidenceOf(o: QueryOpts): number | undefined {
  if (o.minEvidence === undefined) return undefined;
  const n = Number(o.minEvidence);
  if (!(Number.isInteger(n) && n >= 0)) throw new UsageError(`--min-evidence must be a whole number; got "${o.minEvidence}"`);
  return n;
}

/** The max_evidence the request asks for, when it asks (-n, or --request's retrieval). */
function askedMax(body: Record<string, unknown>): number | undefined {
  const max = (body.retrieval as { max_evidence?: unknown } | undefined)?.max_evidence;
  return typeof max === 'number' ? max : undefined;
}

export async function runQuery({ args: words, opts, f, io }: ActionContext): Promise<void> {
  const o = opts as QueryOpts;
  const mode = outputMode(o);
  if (o.output !== undefined) checkOutput(o.output);
  const minEvidence = minEvidenceOf(o);
  if (o.curl && !o.dryRun) throw new UsageError('--curl goes with --dry-run');
  const settings = f.settings();

  let stdin: string | undefined;
  if (wantsStdin(words, o, () => io.stdinIsTTY)) {
    // Reading starts (and Ctrl-C is handled) before the prompt invites typing.
    const reading = io.readStdin();
    if (io.stdinIsTTY) io.stderr.write('filings: reading standard input from the terminal; end it with Ctrl-D on a line of its own\n');
    stdin = await reading;
  }
  const file = o.output ? fileSink(o.output) : undefined;
  const out: Output = file ?? io.stdout;
  // Figures as data: CSV, TSV and Markdown are the answer's records (and what it declines), as is
  // --fail-on-gap's count; JSON with an answer carries them in its analysis.
  const records = mode === 'csv' || mode === 'tsv' || mode === 'markdown' || o.failOnGap === true;
  // (The embedded engine's answer on a terminal draws a grid's figures as a table from them: the analysis
  // comes, shown only when asked; a service is asked for no more than the text shows.)
  const withRecords = o.answer && (mode === 'json' || (mode === 'table' && !settings.baseUrl));
  const flags: QueryOpts = records ? { ...o, answer: true, records: true } : withRecords ? { ...o, records: true } : o;
  const body = buildRequest({
    question: questionOf(words, o, stdin),
    flags,
    defaults: settings.request,
    // Live deltas when a person watches; one JSON response for scripts. --jsonl wants the events.
    streamByDefault: mode === 'jsonl' || (out.isTTY && mode === 'table'),
    readSource: sourceReader(stdin),
  });

  const checked = validateRequest(body);
  if (!checked.ok) throw checked.error;
  const max = askedMax(body);
  if (minEvidence !== undefined && max !== undefined && minEvidence > max) {
    throw new UsageError(
      `--min-evidence ${minEvidence} can never pass: at most ${max} evidence chains come back (-n/--max-evidence ${max})`,
    );
  }

  if (o.dryRun) {
    if (o.curl) {
      // No service configured: the address of `filings serve` on this machine stands in, and says so
      // in a comment that pastes harmlessly with the command.
      const placeholder =
        '# no service is configured (--base-url, FILINGS_BASE_URL or "filings config set base_url URL"):\n' +
        '# the address below is a placeholder for "filings serve" on this machine\n';
      const base = settings.baseUrl ?? 'http://127.0.0.1:8080/v2/sandp_500';
      io.stdout.write(
        (settings.baseUrl ? '' : placeholder) +
          curlCommand(base, body, settings.baseUrl ? resolveApiKey(settings, false) : undefined) +
          '\n',
      );
    } else {
      io.stdout.write(`${JSON.stringify(body, null, 2)}\n`);
    }
    return;
  }

  const shown = await createPresenter(mode, out, {
    chalk: io.chalk(out),
    // The spinner is for the table format only; on stderr, so it shows even when stdout goes to a file.
    spinner: mode === 'table' ? await io.spinner() : NO_SPINNER,
    width: io.width(out),
    // One screen on a terminal; a pipe or a file keeps every chain whole.
    evidence: o.verbose || o.evidence === 'full' || !out.isTTY ? 'full' : 'brief',
    explain: !!o.explain,
    analysis: !!o.analysis,
  });
  // Client-side: the request is the same with or without it.
  const presenter = o.verifiedOnly ? verifiedOnly(shown) : shown;
  let response: ResearchResponse;
  try {
    // Ctrl-C is ours from before the backend opens (an index, or a connection) to the response.
    response = await withInterrupt(async (signal) => {
      const backend = await f.backend();
      try {
        return await backend.query(body, { signal, onEvent: (e) => presenter.onEvent(e) });
      } finally {
        await backend.close();
      }
    });
    await presenter.finish(response);
    await file?.commit();
  } catch (e) {
    presenter.fail();
    file?.discard();
    throw e;
  }

  const counts = figureCounts(response);
  if (records) {
    const said = unstated(response, counts);
    if (said && mode !== 'json' && mode !== 'table') io.stderr.write(`${wrap(`filings: ${said}`, io.width(io.stderr)).join('\n')}\n`);
  }
  // (A response with no figure records at all cannot show that nothing is missing.)
  if (o.failOnGap && (counts.missing > 0 || !counts.known)) throw new FiguresIncompleteError(counts.stated, Math.max(1, counts.missing));

  if (minEvidence !== undefined) {
    const count = response.summary?.evidence_count ?? response.evidence?.match(/<evidence_chain\b/g)?.length ?? 0;
    if (count < minEvidence) {
      const why =
        max === undefined
          ? ` (without -n the backend returns its default number of chains: the embedded engine 6, 10 or 16 by effort; pass -n ${minEvidence} or more)`
          : '';
      throw new MinEvidenceError(
        `${count} evidence chain${count === 1 ? '' : 's'} came back; --min-evidence asked for at least ${minEvidence}${why}`,
      );
    }
  }
}

/** What a script should hear on stderr when the records hold no figure: the index's own words for a
 * figure it declines (each gap's reason), that the question asks for a passage, or that the response
 * carries no records at all (a service that does not return them). */
function unstated(r: ResearchResponse, counts: ReturnType<typeof figureCounts>): string | undefined {
  if (!counts.known) return 'the response carries no figure records (analysis.figures): the service does not return them';
  if (counts.stated > 0) return undefined;
  const reasons = [...new Set((r.analysis?.gaps ?? []).flatMap((g) => (g.kind === 'figure' ? [g.message] : [])))];
  if (reasons.length === 0) return 'the question asks for a passage, not a figure: --format table or --json give the answer';
  return `no figure stated: ${reasons.join(' ')}`;
}
