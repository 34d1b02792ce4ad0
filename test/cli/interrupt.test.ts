// Issue 44.4: Ctrl-C during long work. The engine's work is synchronous (SQLite); a signal is seen only
// when it lets the event loop in, between its steps (src/engine/pace.ts). A real process over the
// sample index, interrupted with SIGINT once its work is under way (its index open): it stops within a
// fraction of a second (the bound here is generous: the work left runs for seconds) with exit 130, and
// prints none of what the work would have printed. Without the steps, `figures` ran its grid out (exit
// 10, every line printed) and three Ctrl-C during a slow question ended it seconds later, part of the
// answer printed.
import { spawn } from 'node:child_process';
import { readdirSync, readlinkSync, realpathSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { listFilings, openIndex } from '../../src/engine/corpus.js';
import { ensureBuilt } from '../server/helpers.js';
import { sampleIndexPath } from '../helpers/sample.js';
import { BIN, cleanEnv } from './run-cli.js';

/** Exit within this of the first SIGINT: the steps are tens of milliseconds, the work left seconds. */
const STOPS_WITHIN_MS = 2_000;
/** A question of as many figures as one answer looks for (ten companies, two measures, five years:
 * MAX_FIGURES), planned as sub-queries: hundreds of milliseconds of work after the index opens, on a
 * fast machine. It is interrupted soon after the index opens (QUERY_AFTER_MS). */
const SLOW_QUESTION =
  'Revenue and net income of Coca-Cola, PepsiCo, Walmart, Costco, Microsoft, Nike, Boeing, 3M, Disney and Pfizer ' +
  'each year from 2018 to 2022';
const QUERY_AFTER_MS = 20;

interface Interrupted {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** From the first SIGINT to the exit. */
  ms: number;
}

/** Whether `pid` has the index open: its work has begun. */
function holdsIndex(pid: number, index: string): boolean {
  try {
    return readdirSync(`/proc/${pid}/fd`).some((fd) => {
      try {
        return readlinkSync(`/proc/${pid}/fd/${fd}`) === index;
      } catch {
        return false;
      }
    });
  } catch {
    return false;
  }
}

/** Runs the CLI on the sample index and sends `count` SIGINTs 100 ms apart, `afterMs` after it opened
 * the index. */
function interrupt(args: string[], count = 1, afterMs = 500): Promise<Interrupted> {
  const index = realpathSync(sampleIndexPath());
  const child = spawn(process.execPath, [BIN, ...args, '--index', index], { env: cleanEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  let first = 0;
  const killer = setTimeout(() => child.kill('SIGKILL'), 120_000);
  const poll = setInterval(() => {
    if (!holdsIndex(child.pid!, index)) return;
    clearInterval(poll);
    setTimeout(() => {
      first = Date.now();
      for (let i = 0; i < count; i++) setTimeout(() => child.kill('SIGINT'), i * 100);
    }, afterMs);
  }, 10);
  return new Promise((resolve) =>
    child.on('close', (code, signal) => {
      clearInterval(poll);
      clearTimeout(killer);
      resolve({ code, signal, stdout, stderr, ms: first ? Date.now() - first : Number.NaN });
    }),
  );
}

const tickers = () => {
  const ix = openIndex(sampleIndexPath());
  try {
    return [...new Set(listFilings(ix).flatMap((f) => (f.sec_ticker ? [f.sec_ticker] : [])))];
  } finally {
    ix.close();
  }
};

beforeAll(() => ensureBuilt(), 120_000);

describe.skipIf(process.platform !== 'linux')('Ctrl-C during long work (a real process, /proc tells when its work began)', () => {
  it('filings figures over every company for ten years: exit 130 at once, nothing printed, one line on stderr', async () => {
    const all = tickers();
    expect(all.length).toBeGreaterThan(50);
    const r = await interrupt(['figures', ...all, '-m', 'revenue', '-m', 'net_income', '-m', 'operating_income', '--years', '2015-2024']);
    expect(r).toMatchObject({ code: 130, signal: null, stdout: '' });
    expect(r.stderr).toBe('filings: The request was cancelled\n');
    expect(r.ms).toBeLessThan(STOPS_WITHIN_MS);
  }, 150_000);

  it('three Ctrl-C during a slow question: exit 130 at once, no part of the answer printed', async () => {
    const r = await interrupt(['query', '--mode', 'agentic_research', '--answer', SLOW_QUESTION], 3, QUERY_AFTER_MS);
    expect(r).toMatchObject({ code: 130, signal: null, stdout: '' });
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.ms).toBeLessThan(STOPS_WITHIN_MS);
  }, 150_000);

  it('--json: the ErrorResponse of an interruption (499 INTERRUPTED) is all stdout holds', async () => {
    const r = await interrupt(['query', '--mode', 'agentic_research', '--json', '--answer', SLOW_QUESTION], 1, QUERY_AFTER_MS);
    expect(r).toMatchObject({ code: 130, signal: null });
    expect(JSON.parse(r.stdout)).toMatchObject({ status_code: 499, detail: { code: 'INTERRUPTED', exit_code: 130 } });
    expect(r.ms).toBeLessThan(STOPS_WITHIN_MS);
  }, 150_000);
});
