// Issue 44.1 over HTTP: the ten adversarial questions the issue names, sent at once to a real `filings
// serve` (two workers, five from each of two keys), are all answered within a 20 s deadline, and the
// server's memory stays bounded (bench/adversarial-questions.js prints the figures).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADVERSARIAL } from '../../bench/lib/adversarial.js';
import { cleanEnv } from '../cli/run-cli.js';
import { KEY, OTHER_KEY, ROOT, delay, ensureBuilt, postQuery } from './helpers.js';

const INDEX = process.env.FILINGS_TEST_INDEX;
const BIN = join(ROOT, 'bin/filings.js');

/** The peak resident memory of a process so far (Linux), in bytes; undefined elsewhere. */
function peakRss(pid: number): number | undefined {
  const m = /VmHWM:\s+(\d+) kB/.exec(existsSync(`/proc/${pid}/status`) ? readFileSync(`/proc/${pid}/status`, 'utf8') : '');
  return m ? Number(m[1]) * 1024 : undefined;
}

describe('filings serve, ten adversarial questions at once', () => {
  let proc: ChildProcess;
  let base: string;
  beforeAll(async () => {
    if (!INDEX || !existsSync(INDEX)) throw new Error('the test global setup built no sample index (FILINGS_TEST_INDEX)');
    ensureBuilt();
    proc = spawn(
      process.execPath,
      [
        BIN,
        'serve',
        '--port',
        '0',
        '--index',
        INDEX,
        '--workers',
        '2',
        '--rate-limit',
        '0',
        '--request-timeout',
        '20',
        '--log-format',
        'off',
      ],
      { env: cleanEnv({ FILINGS_SERVER_KEYS: `${KEY},${OTHER_KEY}` }), stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let err = '';
    proc.stderr!.setEncoding('utf8').on('data', (d: string) => (err += d));
    for (let i = 0; i < 400 && !base; i++) {
      const m = /listening on (\S+)/.exec(err);
      if (m) base = m[1]!;
      else if (proc.exitCode !== null) break;
      else await delay(50);
    }
    if (!base) throw new Error(`filings serve did not start: ${err}`);
  }, 30_000);
  afterAll(async () => {
    if (!proc || proc.exitCode !== null) return;
    proc.kill('SIGTERM');
    await new Promise((r) => proc.once('exit', r));
  });

  it('answers every one within the deadline, its peak RSS under 1 GB', async () => {
    const ten = ADVERSARIAL.filter((a) => a.issue).slice(0, 10);
    expect(ten).toHaveLength(10);
    const replies = await Promise.all(
      ten.map((a, i) =>
        postQuery(base, { query: a.question, mode: 'research', include: { answer: true } }, { key: i % 2 === 0 ? KEY : OTHER_KEY }),
      ),
    );
    expect(replies.map((r, i) => `${ten[i]!.name}: ${r.status}`)).toEqual(ten.map((a) => `${a.name}: 200`));
    // About 250 MB on the development machine: a question's work no longer grows with its length.
    const peak = peakRss(proc.pid!);
    if (peak !== undefined) expect(peak).toBeLessThan(2 ** 30);
  }, 120_000);
});
