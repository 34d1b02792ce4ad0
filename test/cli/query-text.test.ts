// The text view of `filings query` in a pipe: what the response holds, and nothing it was asked not to.
import { describe, expect, it } from 'vitest';
import { localEnv } from '../e2e/helpers.js';
import { runInProcess } from '../helpers/run-in-process.js';

describe('filings query as text', () => {
  it('--no-summary: no Summary section', async () => {
    const q = ['query', '-n', '1', 'Boeing 737 production rate'];
    expect((await runInProcess(q, { env: localEnv() })).stdout).toMatch(/^Summary$/m);
    const r = await runInProcess([...q, '--no-summary'], { env: localEnv() });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Evidence /m);
    expect(r.stdout).not.toMatch(/^Summary$/m);
  });
});
