// What one request reads from the index: a search the request already ran is not run again, and a
// statement read again comes from its cached block (engine/retrieve/search.ts, engine/index/open.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEngineBackend } from '../../src/engine/engine-backend.js';
import { sampleIndexPath } from '../helpers/sample.js';

let backend: Awaited<ReturnType<typeof openEngineBackend>>;
const runs: string[] = [];
beforeAll(async () => {
  backend = await openEngineBackend({ indexPath: sampleIndexPath() });
  const db = backend.engine.index.db;
  const prepare = db.prepare.bind(db);
  // Every execution of a prepared statement, as its SQL and arguments.
  db.prepare = ((sql: string) => {
    const st = prepare(sql);
    for (const m of ['all', 'get'] as const) {
      const f = st[m].bind(st) as (...a: unknown[]) => unknown;
      (st as unknown as Record<string, unknown>)[m] = (...a: unknown[]) => {
        runs.push(`${sql}\u0000${JSON.stringify(a)}`);
        return f(...a);
      };
    }
    return st;
  }) as typeof db.prepare;
});
afterAll(() => backend.close());

describe('one request', () => {
  it('runs each full-text search once, an agentic plan over the main search scope included (six ran twice before)', async () => {
    runs.length = 0;
    await backend.query({ query: 'What are major acquisitions that Ulta Beauty has done in FY2023 and FY2022?', mode: 'agentic_research' });
    const searches = runs.filter((r) => r.includes(' MATCH '));
    expect(searches.length).toBeGreaterThan(2);
    expect(new Set(searches).size).toBe(searches.length);
  });

  it('reads a statement again from its cached block, without a query', async () => {
    await backend.query({ query: "What was 3M's capital expenditure in FY2018?", mode: 'research' });
    runs.length = 0;
    await backend.query({ query: "What was 3M's capital expenditure in FY2018?", mode: 'research' });
    expect(runs.filter((r) => r.includes('FROM blocks'))).toEqual([]);
  });
});
