// End-to-end helpers: the built CLI as a real process (with signals and a pseudo-terminal), and
// `filings serve` as a real server on 127.0.0.1 with a free port. Everything is loopback and bounded.
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, cleanEnv, type CliResult } from '../cli/run-cli.js';
import { sampleIndexPath } from '../helpers/sample.js';
import { tempDir as newTempDir } from '../helpers/tmp.js';

export { BIN, cleanEnv, runCli, type CliResult } from '../cli/run-cli.js';
export { ensureBuilt } from '../server/helpers.js';

export const KEY = 'e2e-key-0123456789';
export const ESC = /\x1b\[/;
export const tempDir = () => newTempDir('filings-e2e-');

/** The environment of a CLI talking to `baseUrl` with `key`. */
export const remoteEnv = (baseUrl: string, key = KEY, extra: Record<string, string | undefined> = {}) =>
  cleanEnv({ FILINGS_BASE_URL: baseUrl, FILINGS_API_KEY: key, ...extra });

/** The environment of a CLI using the embedded engine over the sample index. */
export const localEnv = (extra: Record<string, string | undefined> = {}) => cleanEnv({ FILINGS_INDEX: sampleIndexPath(), ...extra });

export interface Running {
  child: ChildProcessWithoutNullStreams;
  /** Resolves when the process has exited. */
  done: Promise<CliResult>;
  stdout(): string;
  stderr(): string;
}

/** Starts the CLI and returns at once, for tests that signal it mid-request. Killed after `timeoutMs`. */
export function startCli(args: string[], env: NodeJS.ProcessEnv, timeoutMs = 30_000): Running {
  const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  child.stdin.end();
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const done = new Promise<CliResult>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
  return { child, done, stdout: () => stdout, stderr: () => stderr };
}

/** Waits until `check` holds, polling; throws after `ms`. */
export async function until(check: () => boolean, ms = 10_000, what = 'condition'): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export interface Served {
  baseUrl: string;
  /** The server's stderr so far (its JSON access log). */
  log(): string;
  stop(): Promise<void>;
}

/** `filings serve` on 127.0.0.1, port 0, over the sample index; resolves once it is listening. */
export async function startServe(
  opts: { keys?: string[]; args?: string[]; index?: string; env?: Record<string, string | undefined> } = {},
): Promise<Served> {
  const keys = opts.keys ?? [KEY];
  const run = startCli(
    [
      'serve',
      '--host',
      '127.0.0.1',
      '--port',
      '0',
      '--index',
      opts.index ?? sampleIndexPath(),
      '--workers',
      '1',
      '--log-format',
      'json',
      ...(keys.length ? [] : ['--no-auth']),
      ...(opts.args ?? []),
    ],
    cleanEnv({ ...(keys.length ? { FILINGS_SERVER_KEYS: keys.join(',') } : {}), ...opts.env }),
    300_000,
  );
  let baseUrl: string | undefined;
  await until(
    () => {
      baseUrl ??= /"base_url":"([^"]+)"/.exec(run.stderr())?.[1];
      return baseUrl !== undefined || run.child.exitCode !== null;
    },
    30_000,
    'filings serve to listen',
  );
  if (!baseUrl) throw new Error(`filings serve did not start: ${run.stderr()}`);
  return {
    baseUrl,
    log: run.stderr,
    async stop() {
      run.child.kill('SIGTERM');
      const r = await Promise.race([run.done, new Promise<undefined>((res) => setTimeout(res, 15_000))]);
      if (!r) run.child.kill('SIGKILL');
    },
  };
}

/** Whether util-linux `script` can give a command a pseudo-terminal here. */
export const hasScript = (): boolean => spawnSync('script', ['-qec', 'true', '/dev/null'], { stdio: 'ignore' }).status === 0;

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** What a person types at the terminal (Ctrl-D is "\x04"), once the output matches `after` (a
 * prompt), else after `ms`; the terminal's input then ends. */
export interface Typing {
  text: string;
  after?: RegExp;
  ms?: number;
}

/** More than any run writes: a process past it is stopped (a redraw loop would fill the memory). */
const MAX_TTY_OUTPUT = 1_000_000;

/** Runs the CLI on a pseudo-terminal (stdin, stdout and stderr all the terminal), `columns` wide
 * (0: the terminal says it has none), typing `typed` into it; resolves with everything the terminal
 * received (typed input echoed), or what came before it was stopped for writing too much (`flooded`). */
export function runOnTty(
  args: string[],
  env: NodeJS.ProcessEnv,
  columns = 100,
  typed?: Typing,
): Promise<{ code: number | null; output: string; flooded: boolean }> {
  // The CLI's own pid is written down: stopping `script` does not stop it (its handlers of SIGHUP run on
  // an event loop that a busy loop never returns to).
  const pidFile = join(newTempDir('filings-tty-'), 'pid');
  const command = `stty cols ${columns} rows 50 2>/dev/null; echo $$ > ${shellQuote(pidFile)}; exec ${[process.execPath, BIN, ...args].map(shellQuote).join(' ')}`;
  const stop = () => {
    try {
      process.kill(Number(readFileSync(pidFile, 'utf8')), 'SIGKILL');
    } catch {
      /* not started, or gone */
    }
    child.kill('SIGKILL');
  };
  let child: ChildProcessWithoutNullStreams;
  return new Promise((resolve, reject) => {
    child = spawn('script', ['-qec', command, '/dev/null'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    let flooded = false;
    let typing: NodeJS.Timeout | undefined;
    const type = () => {
      clearTimeout(typing);
      if (!child.stdin.writableEnded) child.stdin.end(typed?.text ?? '');
    };
    const watch = (d: string) => {
      if (flooded) return;
      output += d;
      if (output.length > MAX_TTY_OUTPUT) {
        flooded = true;
        stop();
      }
      if (typed?.after?.test(output)) type();
    };
    child.stdout.setEncoding('utf8').on('data', watch);
    child.stderr.setEncoding('utf8').on('data', watch);
    const timer = setTimeout(stop, 30_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      clearTimeout(typing);
      resolve({ code, output: output.replace(/\r\n/g, '\n'), flooded });
    });
    if (typed) typing = setTimeout(type, typed.ms ?? 3000);
    else type();
  });
}
