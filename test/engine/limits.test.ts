// Issue 16.2, the work one query may do: however long the question, its FTS expression has at most
// MAX_TERM_GROUPS groups and an agentic plan at most MAX_PLAN_STEPS sub-queries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../src/backend.js';
import { openEngineBackend } from '../../src/engine/engine-backend.js';
import { MAX_PLAN_STEPS, MAX_TERM_GROUPS } from '../../src/engine/limits.js';
import { analyzeQuery } from '../../src/engine/question/analyze.js';
import { ftsExpression, termGroups } from '../../src/engine/retrieve/query-terms.js';
import { sampleIndexPath } from '../helpers/sample.js';

// Distinct words, concepts, companies and years: the question an attacker or a pasted page makes.
const WORDS = `revenue Apple Microsoft risk supply chain 2018 2019 2020 2021 2022 capital expenditure Pfizer margin
  debt interest cash flow dividends 3M Boeing Amazon Nike inventory goodwill impairment tax rate segment operating
  income liquidity cybersecurity litigation pension lease acquisition competition employees warranty backlog hedging
  currency tariffs semiconductors pharmaceuticals restructuring severance buybacks covenant`.split(/\s+/);
const LONG = Array.from({ length: 800 }, (_, i) => WORDS[(i * 7 + 3) % WORDS.length])
  .join(' ')
  .slice(0, 4000);

describe('bounds on a query', () => {
  it('a 4,000-character question searches at most MAX_TERM_GROUPS groups', () => {
    const a = analyzeQuery(LONG);
    expect(a.terms.length + a.items.length + a.metrics.length + a.topics.length).toBeGreaterThan(MAX_TERM_GROUPS);
    expect(termGroups(a)).toHaveLength(MAX_TERM_GROUPS);
    expect(ftsExpression(a, 'and')!.split(' AND ')).toHaveLength(MAX_TERM_GROUPS);
  });

  describe('on the sample index', () => {
    let backend: Backend;
    beforeAll(async () => {
      backend = await openEngineBackend({ indexPath: sampleIndexPath() });
    });
    afterAll(() => backend.close());

    it('an agentic_research plan has at most MAX_PLAN_STEPS sub-queries', async () => {
      const r = await backend.query({ query: LONG, mode: 'agentic_research', effort: 'high', retrieval: { max_evidence: 800 } });
      expect(r.retrieval_plan!.queries.length).toBeGreaterThan(1);
      expect(r.retrieval_plan!.queries.length).toBeLessThanOrEqual(MAX_PLAN_STEPS);
    });
  });
});
