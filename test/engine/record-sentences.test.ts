// A figure answer's sentences are renderings of its records: written again from the response's
// `analysis.figures` alone (the JSON a script receives), each line is the answer's line, byte for byte.
// A fact the sentence states that its record does not hold (where a figure is printed, its scale, a
// restatement, a row beside it) fails here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../src/backend.js';
import type { FigureRecord, ResearchResponse } from '../../src/contract/types.js';
import { openEngineBackend } from '../../src/engine/engine-backend.js';
import { RecordWriter } from '../../src/engine/answer/write-records.js';
import { Names } from '../../src/engine/answer/written-names.js';
import { sampleIndexPath } from '../helpers/sample.js';

let backend: Backend;
beforeAll(async () => {
  backend = await openEngineBackend({ indexPath: sampleIndexPath() });
});
afterAll(() => backend.close());

async function answered(query: string): Promise<{ lines: string[]; figures: FigureRecord[]; writer: RecordWriter }> {
  const r = (await backend.query({ query, mode: 'research', include: { answer: true, analysis: true } })) as ResearchResponse;
  // (The JSON as a script receives it: nothing of the engine's own objects.)
  const figures = JSON.parse(JSON.stringify(r.analysis?.figures ?? [])) as FigureRecord[];
  const byId = new Map(figures.map((f) => [f.id, f]));
  const names = new Names(new Map(figures.map((f) => [f.ticker, f.company])));
  const writer = new RecordWriter((id) => byId.get(id)!, names, false);
  return { lines: (r.answer?.text ?? '').split('\n'), figures, writer };
}

/** The record a line states: the one no other record takes as an input. */
const stated = (figures: FigureRecord[]) => figures.find((f) => !figures.some((g) => g.inputs?.includes(f.id)))!;

describe('a figure answer written from its records', () => {
  it.each([
    // A row's figure, and another row of the same statements that reads as it (the part attributable).
    ['Disney: net income attributable to the company in fiscal 2023?', /The same statements also show \$\d/],
    // An outflow printed in parentheses, stated as the amount paid.
    ['How much stock did Broadcom buy back in fiscal 2023?', /an outflow/],
    // A fourth quarter derived as the year less its first nine months.
    ["What were Amcor's net sales in the fourth quarter of fiscal 2023 (April-June 2023)?", /less the first nine months/],
    // A figure stated in a sentence.
    ['How many Agilent employees were based in Asia Pacific as of October 31, 2023?', /as the filing states it in the text/],
  ])('%s', async (q, shape) => {
    const { lines, figures, writer } = await answered(q);
    expect(lines[0]).toMatch(shape);
    expect(writer.value(stated(figures).id)).toBe(lines[0]);
  });

  it('a metric with its inputs and formula', async () => {
    const { lines, figures, writer } = await answered("What was Franklin Templeton's net profit margin in fiscal 2023?");
    expect(lines[0]).toMatch(/Inputs: .+ Computed as /);
    expect(writer.value(stated(figures).id)).toBe(lines[0]);
  });

  it('an operation with each input, and a count stated', async () => {
    const growth = await answered("What was the percentage change in Apple's revenue from fiscal 2022 to fiscal 2023?");
    expect(growth.lines[0]).toMatch(/declined \d+\.\d+% from fiscal 2022 to fiscal 2023/);
    expect(growth.writer.computed(stated(growth.figures).id)).toBe(growth.lines[0]);
    const count = await answered("What was Apple's full-time equivalent headcount at the end of fiscal 2023?");
    expect(count.writer.count(stated(count.figures).id)).toBe(count.lines[0]);
  });
});
