// `filings query`: argv -> options -> ResearchRequest (validated by the contract) -> Backend.query ->
// events -> presenter.
import { accessSync, constants, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Command } from 'commander';
import { validateRequest } from '../../contract/validate.js';
import type { ResearchResponse } from '../../contract/types.js';
import { createBackend, resolveApiKey } from '../backend-factory.js';
import { curlCommand } from '../curl.js';
import { MinEvidenceError, UsageError } from '../errors.js';
import { colorLevel, makeChalk } from '../render/color.js';
import { createPresenter, type OutputMode, type Sink } from '../render/presenter.js';
import { layoutWidth } from '../render/wrap.js';
import { createSpinner, spinnerWanted } from '../spinner.js';
import { buildRequest, type QueryFlags } from '../request-builder.js';
import { settingsFor, type GlobalFlags } from '../settings.js';
import { readSource, readStdin } from '../stdin.js';
import { withInterrupt } from '../interrupt.js';

interface QueryOpts extends QueryFlags, GlobalFlags {
  json?: boolean;
  jsonl?: boolean;
  evidenceOnly?: boolean;
  output?: string;
  dryRun?: boolean;
  curl?: boolean;
  minEvidence?: string;
}

function question(words: string[]): string | undefined {
  if (words.length === 1 && words[0] === '-') return readStdin();
  if (words.length > 0) return words.join(' ');
  return process.stdin.isTTY ? undefined : readStdin();
}

function outputMode(o: QueryOpts): OutputMode {
  const chosen = [o.json && 'json', o.jsonl && 'jsonl', o.evidenceOnly && 'evidence'].filter(Boolean) as OutputMode[];
  if (chosen.length > 1) throw new UsageError('choose one of --json, --jsonl, --evidence-only');
  return chosen[0] ?? 'text';
}

export async function runQuery(words: string[], cmd: Command): Promise<void> {
  const o = cmd.optsWithGlobals<QueryOpts>();
  const mode = outputMode(o);
  if (o.output !== undefined) checkWritableDir(o.output);
  const minEvidence = o.minEvidence === undefined ? undefined : Number(o.minEvidence);
  if (minEvidence !== undefined && !(Number.isInteger(minEvidence) && minEvidence >= 0)) {
    throw new UsageError(`--min-evidence must be a whole number; got "${o.minEvidence}"`);
  }
  if (o.curl && !o.dryRun) throw new UsageError('--curl goes with --dry-run');
  const settings = settingsFor(cmd);
  const toTTY = !o.output && process.stdout.isTTY === true;
  const body = buildRequest({
    question: words.length > 0 || o.request === undefined ? question(words) : undefined,
    flags: o,
    defaults: { mode: settings.mode, effort: settings.effort, format: settings.format },
    // Live deltas when a person watches; one JSON response for scripts. --jsonl wants the events.
    streamByDefault: mode === 'jsonl' || (toTTY && mode === 'text'),
    readSource,
  });

  const checked = validateRequest(body);
  if (!checked.ok) throw checked.error;

  if (o.dryRun) {
    if (o.curl) {
      const base = settings.baseUrl ?? 'http://127.0.0.1:8080/v2/sandp_500';
      process.stdout.write(curlCommand(base, body, settings.baseUrl ? resolveApiKey(settings, false) : undefined) + '\n');
    } else {
      process.stdout.write(JSON.stringify(body, null, 2) + '\n');
    }
    return;
  }

  const backend = await createBackend(settings);
  const file = o.output ? fileSink(o.output) : undefined;
  const out: Sink = file ?? { write: (s) => process.stdout.write(s), isTTY: toTTY, columns: process.stdout.columns };
  const presenter = await createPresenter(mode, out, {
    chalk: makeChalk(colorLevel({ flag: o.color, env: process.env, isTTY: toTTY })),
    // The spinner is for text mode only; on stderr, so it shows even when stdout goes to a file.
    spinner: await createSpinner(
      mode === 'text' &&
        spinnerWanted({
          isTTY: process.stderr.isTTY === true,
          colour: colorLevel({ flag: o.color, env: process.env, isTTY: process.stderr.isTTY === true }) > 0,
          env: process.env,
        }),
    ),
    width: layoutWidth(out.columns),
  });
  let response: ResearchResponse;
  try {
    response = await withInterrupt((signal) => backend.query(body, { signal, onEvent: (e) => presenter.onEvent(e) }));
    presenter.finish(response);
    file?.commit();
  } catch (e) {
    presenter.fail();
    file?.discard();
    throw e;
  } finally {
    await backend.close();
  }

  if (minEvidence !== undefined) {
    const count = response.summary?.evidence_count ?? (response.evidence?.match(/<evidence_chain\b/g)?.length ?? 0);
    if (count < minEvidence) throw new MinEvidenceError(`${count} evidence chains; --min-evidence asked for at least ${minEvidence}`);
  }
}

/** --output's directory must exist and be writable: found out before any work, not after. */
function checkWritableDir(path: string): void {
  const dir = dirname(resolve(path));
  try {
    accessSync(dir, constants.W_OK);
  } catch {
    throw new UsageError(`cannot write --output ${path}: the directory ${dir} does not exist or is not writable`);
  }
}

/** --output: written to a temporary file, renamed into place only when the query succeeded. */
function fileSink(path: string): Sink & { commit(): void; discard(): void } {
  const tmp = `${path}.${process.pid}.tmp`;
  const chunks: string[] = [];
  return {
    isTTY: false,
    write: (s) => void chunks.push(s),
    commit() {
      writeFileSync(tmp, chunks.join(''));
      renameSync(tmp, path);
    },
    discard() {
      try {
        unlinkSync(tmp);
      } catch {
        /* nothing written yet */
      }
    },
  };
}
