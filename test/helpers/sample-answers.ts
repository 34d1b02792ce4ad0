// The engine over the sample index for one describe block (opened before its tests, closed after), and
// a question's answer as the engine tests read it: its text and its figures' values.
import { afterAll, beforeAll } from 'vitest';
import type { Backend } from '../../src/backend.js';
import type { ResearchResponse } from '../../src/contract/types.js';
import { openEngineBackend } from '../../src/engine/engine-backend.js';
import { sampleIndexPath } from './sample.js';

export function sampleAnswers(): (query: string) => Promise<{ text: string; values: number[] }> {
  let backend: Backend;
  beforeAll(async () => {
    backend = await openEngineBackend({ indexPath: sampleIndexPath() });
  });
  afterAll(() => backend.close());
  return async (query) => {
    const r = (await backend.query({ query, mode: 'research', include: { answer: true, analysis: true } })) as ResearchResponse;
    return { text: r.answer?.text ?? '', values: (r.analysis?.figures ?? []).map((f) => f.value) };
  };
}
