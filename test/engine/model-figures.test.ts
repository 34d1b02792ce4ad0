// A model's figures held to its evidence (issue 23): a stand-in model server (an OpenAI-compatible
// endpoint on loopback) replays answers with right figures, figures from the wrong column, invented
// ones and ones computed from the inputs the answer gives. Every wrong-column or invented figure is
// marked and listed in a notice; every right one is kept as written. The replies stream in small pieces
// that cut across figures and sentences.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../src/backend.js';
import type { BackendEvent, ResearchResponse } from '../../src/contract/types.js';
import { sentenceFigures } from '../../src/engine/answer/model-figures.js';
import { UNVERIFIED, dropUnverified, sentencePieces } from '../../src/engine/answer/marks.js';
import { openEngineBackend } from '../../src/engine/engine-backend.js';

let server: Server;
let backend: Backend;
let reply = '';
let prompts: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      prompts.push(body);
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (let i = 0; i < reply.length; i += 7)
        res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: reply.slice(i, i + 7) } }] })}\n\n`);
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  backend = await openEngineBackend({
    indexPath: process.env.FILINGS_TEST_INDEX!,
    model: { baseUrl: `http://127.0.0.1:${port}/v1`, model: 'stand-in', apiKey: 'k-test' },
  });
});
afterAll(async () => {
  await backend.close();
  server.close();
});

const CAPEX = 'What is the FY2018 capital expenditure amount (in USD millions) for 3M?';
const MARGIN = "What was Amazon's operating margin in 2019?";

async function replay(question: string, answer: string): Promise<{ r: ResearchResponse; deltas: string[] }> {
  reply = answer;
  prompts = [];
  const events: BackendEvent[] = [];
  const r = await backend.query({ query: question, mode: 'research', include: { answer: true } }, { onEvent: (e) => events.push(e) });
  expect(prompts).toHaveLength(1);
  return { r, deltas: events.filter((e) => e.event === 'answer.delta').map((e) => (e.data as { delta: string }).delta) };
}
const unverifiedNotice = (r: ResearchResponse) => r.notices?.find((n) => n.code === 'ANSWER_FIGURES_UNVERIFIED');
/** The figures of a text followed by the mark. */
const marked = (text: string) =>
  [...text.matchAll(new RegExp(`(\\$?[\\d,.]+(?:%| million| billion| per share)?) \\${UNVERIFIED.slice(0, -1)}\\]`, 'g'))].map((m) => m[1]);

describe("a model's figures, checked against the evidence it was given", () => {
  it('keeps a right figure as written, with no notice', async () => {
    const answer = "3M's capital expenditure was $1,577 million in FY2018 [A].";
    const { r, deltas } = await replay(CAPEX, answer);
    expect(r.answer!.text).toBe(answer);
    expect(deltas.join('')).toBe(answer);
    expect(unverifiedNotice(r)).toBeUndefined();
    // The model is told its figures are checked.
    expect(JSON.parse(prompts[0]!).messages[0].content).toMatch(/every figure is checked against the evidence/);
  });

  it('marks a figure taken from the wrong column and says which year the evidence gives it for', async () => {
    const { r } = await replay(CAPEX, "3M's capital expenditure was $1,373 million in FY2018 [A].");
    expect(r.answer!.text).toBe(`3M's capital expenditure was $1,373 million ${UNVERIFIED} in FY2018 [A].`);
    expect(unverifiedNotice(r)!.message).toMatch(/"\$1,373 million" for FY2018: the evidence shows it for FY2017/);
  });

  it('marks an invented figure, and one in the wrong unit', async () => {
    const { r } = await replay(CAPEX, "3M's capital expenditure was $1,612 million in FY2018 [A]. Put another way, $1,577 billion [A].");
    expect(marked(r.answer!.text)).toEqual(['$1,612 million', '$1,577 billion']);
    expect(unverifiedNotice(r)!.message).toMatch(
      /^2 of the 2 figures .*"\$1,612 million" for FY2018: not in the evidence.*"\$1,577 billion"/,
    );
  });

  it('marks a count stated as money, and keeps it stated as a count', async () => {
    const q = "What were American Water's billed residential water services volumes in 2022?";
    const right = 'American Water billed 162,105 million gallons of residential water in 2022 [A].';
    expect((await replay(q, right)).r.answer!.text).toBe(right);
    const { r } = await replay(q, 'American Water billed $162,105 million of residential water in 2022 [A].');
    expect(marked(r.answer!.text)).toEqual(['$162,105 million']);
  });

  it('keeps a figure rounded as printed, and a change, growth rate, average and total computed from the figures the answer gives', async () => {
    const answer =
      '3M spent $1,577 million on capital expenditure in FY2018, about $1.6 billion [A]. That is $204 million, or 14.9%, more than in FY2017 [A]. Over 2016-2018 it averaged $1,457 million a year, $4,370 million in all [A].';
    const { r, deltas } = await replay(CAPEX, answer);
    expect(r.answer!.text).toBe(answer);
    expect(deltas.join('')).toBe(answer);
    expect(unverifiedNotice(r)).toBeUndefined();
  });

  it('keeps a ratio computed from the inputs it states, and marks one its inputs do not give or that mixes years', async () => {
    const right = "Amazon's operating margin was 5.2% in 2019: operating income of $14,541 million on net sales of $280,522 million [A].";
    expect((await replay(MARGIN, right)).r.answer!.text).toBe(right);
    // 4.4% is 2018's operating income over 2019's net sales: both figures are in the evidence, the
    // ratio of them is no margin of any year.
    const mixed = (
      await replay(
        MARGIN,
        "Amazon's operating margin was 4.4% in 2019: operating income of $14,541 million on net sales of $280,522 million [A].",
      )
    ).r;
    expect(marked(mixed.answer!.text)).toEqual(['4.4%']);
    // A ratio stated without its inputs is not taken on trust.
    const bare = (await replay(MARGIN, "Amazon's operating margin was 5.2% in 2019 [A].")).r;
    expect(marked(bare.answer!.text)).toEqual(['5.2%']);
  });

  it('keeps a metric stated before the inputs that follow it, and marks one they do not give', async () => {
    const answer = (margin: string) =>
      `Amazon (AMZN) operating margin for fiscal 2019: ${margin}. Inputs: operating income $14,541 million (fiscal 2019) [A]; revenue $280,522 million (fiscal 2019) [A]. Computed as operating income / revenue.`;
    const kept = await replay(MARGIN, answer('5.2%'));
    expect(kept.r.answer!.text).toBe(answer('5.2%'));
    expect(kept.deltas.join('')).toBe(answer('5.2%'));
    expect(marked((await replay(MARGIN, answer('6.1%'))).r.answer!.text)).toEqual(['6.1%']);
  });

  it('reads a per-share figure as printed, and marks one from the year before', async () => {
    const q = "what was qualcomm's diluted eps in fiscal 2023";
    expect((await replay(q, "Qualcomm's diluted EPS was $6.42 per share in fiscal 2023 [A].")).r.answer!.text).toBe(
      "Qualcomm's diluted EPS was $6.42 per share in fiscal 2023 [A].",
    );
    const wrong = (await replay(q, "Qualcomm's diluted EPS was $11.37 per share in fiscal 2023 [A].")).r;
    expect(marked(wrong.answer!.text)).toEqual(['$11.37 per share']);
    expect(unverifiedNotice(wrong)!.message).toMatch(/"\$11\.37 per share" for FY2023: the evidence shows it for FY2022/);
  });

  it('in an answer of right and wrong figures, marks exactly the wrong ones; dropping their sentences leaves the right ones', async () => {
    const answer =
      "3M's capital expenditure was $1,577 million in FY2018 [A]. In FY2017 it was $1,420 million [A]. In FY2016 it was $1,420 million [A]. The total over the three years was $9,999 million [A].";
    const { r, deltas } = await replay(CAPEX, answer);
    expect(marked(r.answer!.text)).toEqual(['$1,420 million', '$9,999 million']);
    expect(deltas.join('')).toBe(r.answer!.text);
    expect(unverifiedNotice(r)!.message).toMatch(/^2 of the 4 figures/);
    expect(dropUnverified(r.answer!.text)).toEqual({
      text: "3M's capital expenditure was $1,577 million in FY2018 [A]. In FY2016 it was $1,420 million [A].",
      dropped: 2,
    });
  });
});

describe('what counts as a figure of the answer', () => {
  it('reads amounts, percentages and per-share figures with the year nearest them, not years, dates, codes, labels or citations', () => {
    const got = sentenceFigures(
      'In FY2018 [B], 3M filed its 10-K on February 7, 2019; Note 7 and Item 8 show $1,577 million, 14.9% and $8.89 per share for 2018, and 1,234,567 units.',
    );
    expect(got.map((f) => [f.text, f.kind, f.year])).toEqual([
      ['$1,577 million', 'USD', 2018],
      ['14.9%', 'percent', 2018],
      ['$8.89 per share', 'USD/share', 2018],
      ['1,234,567', 'plain', 2018],
    ]);
    expect(got[0]!.value).toBe(1.577e9);
    expect(got[0]!.tol).toBe(0.5e6);
  });

  it('cuts an answer into sentences that join back into it, not at initials or inside figures', () => {
    const text = 'Revenue in the U.S. was $1.5 billion [A]. It rose 3.2% [B].\nNext line';
    expect(sentencePieces(text)).toEqual(['Revenue in the U.S. was $1.5 billion [A]. ', 'It rose 3.2% [B].\n', 'Next line']);
    expect(sentencePieces(text).join('')).toBe(text);
  });
});
