// Runs the built CLI as a real process.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { tempDir } from '../helpers/tmp.js';

export const BIN = resolve(__dirname, '../../bin/filings.js');

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** A clean environment: no config, no key, no base URL, no colour forcing from the parent. */
export function cleanEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (!/^(FILINGS_|AI_BASELINE_|XDG_|NO_COLOR|FORCE_COLOR|HTTPS?_PROXY|NO_PROXY)/i.test(k)) env[k] = v;
  }
  env.XDG_CONFIG_HOME = tempDir('filings-cfg-');
  env.XDG_DATA_HOME = tempDir('filings-data-');
  if (process.env.FILINGS_SAMPLE_CORPUS) env.FILINGS_SAMPLE_CORPUS = process.env.FILINGS_SAMPLE_CORPUS;
  for (const [k, v] of Object.entries(extra)) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  return env;
}

export function runCli(
  args: string[],
  opts: { env?: NodeJS.ProcessEnv; input?: string; timeoutMs?: number; cwd?: string } = {},
): Promise<CliResult> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      env: opts.env ?? cleanEnv(),
      cwd: opts.cwd,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 30_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolvePromise({ code, signal, stdout, stderr });
    });
    child.stdin.end(opts.input ?? '');
  });
}
