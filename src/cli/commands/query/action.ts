// `filings query`: argv -> options -> ResearchRequest (validated by the contract) -> Backend.query ->
// events -> presenter.
import { config as zodConfig } from 'zod';
import type { ResearchResponse } from '../../../contract/types.js';
import { validateRequest } from '../../../contract/validate.js';
import { resolveApiKey } from '../../backend-factory.js';
import type { ActionContext } from '../../command.js';
import { curlCommand } from '../../curl.js';
import { MinEvidenceError, UsageError } from '../../errors.js';
import { withInterrupt } from '../../interrupt.js';
import type { Output } from '../../io.js';
import { createPresenter, type OutputMode } from '../../render/presenter.js';
import { verifiedOnly } from '../../render/verified-only.js';
import { buildRequest, type QueryFlags } from '../../request-builder.js';
import { NO_SPINNER } from '../../spinner.js';
import { questionOf, sourceReader, wantsStdin } from '../../stdin.js';
import { checkOutput, fileSink } from './output-file.js';

// One question a process: zod's compiled parsers (new Function, made at the first parse and never in
// V8's code cache) cost about 4 ms, and pay back only over many parses, as in `filings serve`.
zodConfig({ jitless: true });

interface QueryOpts extends QueryFlags {
  json?: boolean;
  csv?: boolean;
  tsv?: boolean;
  jsonl?: boolean;
  evidenceOnly?: boolean;
  output?: string;
  dryRun?: boolean;
  curl?: boolean;
  minEvidence?: string;
  verbose?: boolean;
  explain?: boolean;
  verifiedOnly?: boolean;
}

function outputMode(o: QueryOpts): OutputMode {
  const chosen = [o.json && 'json', o.jsonl && 'jsonl', o.evidenceOnly && 'evidence', o.csv && 'csv', o.tsv && 'tsv'].filter(
    Boolean,
  ) as OutputMode[];
  if (chosen.length > 1) throw new UsageError('choose one of --json, --jsonl, --evidence-only, --csv, --tsv');
  return chosen[0] ?? 'text';
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
  // Figures as data: CSV is the answer's records; JSON with an answer carries them in its analysis.
  const records = mode === 'csv' || mode === 'tsv';
  // (The embedded engine's answer on a terminal draws a grid's figures as a table from them: the analysis
  // comes, shown only when asked; a service is asked for no more than the text shows.)
  const withRecords = o.answer && (mode === 'json' || (mode === 'text' && !settings.baseUrl));
  const flags: QueryOpts = records ? { ...o, answer: true, analysis: true } : withRecords ? { ...o, records: true } : o;
  const body = buildRequest({
    question: questionOf(words, o, stdin),
    flags,
    defaults: settings.request,
    // Live deltas when a person watches; one JSON response for scripts. --jsonl wants the events.
    streamByDefault: mode === 'jsonl' || (out.isTTY && mode === 'text'),
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

  const backend = await f.backend();
  const shown = await createPresenter(mode, out, {
    chalk: io.chalk(out),
    // The spinner is for text mode only; on stderr, so it shows even when stdout goes to a file.
    spinner: mode === 'text' ? await io.spinner() : NO_SPINNER,
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
    response = await withInterrupt((signal) => backend.query(body, { signal, onEvent: (e) => presenter.onEvent(e) }));
    presenter.finish(response);
    await file?.commit();
    if (records && !response.analysis?.figures)
      io.stderr.write('filings: the response carries no figure records (analysis.figures): this service does not return them\n');
  } catch (e) {
    presenter.fail();
    file?.discard();
    throw e;
  } finally {
    await backend.close();
  }

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
