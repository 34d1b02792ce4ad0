// The SSE reader on its own: the same stream cut at every byte boundary gives the same events.
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { StreamError } from '../../src/backend-errors.js';
import { readEventStream } from '../../src/client/sse.js';

const FINAL = { request_id: 'req_é', answer: { text: '日本 📈' }, unknown: { kept: [1] } };
const TEXT =
  'event: retrieval.started\ndata: {"request_id":"req_é","mode":"basic","effort":"low"}\n\n' +
  'event: answer.delta\ndata: {"delta":"Zürich → 東京 📈"}\n\n' +
  ': heartbeat\n\n' +
  'event: answer.delta\ndata: {"delta":"second"}\n\n' +
  `event: final\ndata: ${JSON.stringify(FINAL)}\n\n`;
const BYTES = Buffer.from(TEXT, 'utf8');

const options = { toError: (e: unknown) => e as Error, redact: (s: string) => s };

async function run(chunks: Buffer[]) {
  const events: { event: string; data: unknown }[] = [];
  const out = await readEventStream(Readable.from(chunks), { ...options, onEvent: (e) => events.push(e) });
  return { events, out };
}

describe('readEventStream', () => {
  it('gives the same events however the bytes are split (two pieces, every cut point)', async () => {
    const whole = await run([BYTES]);
    expect(whole.out).toEqual(FINAL);
    expect(whole.events.map((e) => e.data)).toContainEqual({ delta: 'Zürich → 東京 📈' });
    for (let cut = 1; cut < BYTES.length; cut++) {
      const split = await run([BYTES.subarray(0, cut), BYTES.subarray(cut)]);
      expect(split.events, `cut at byte ${cut}`).toEqual(whole.events);
    }
  });

  it('gives the same events one byte at a time', async () => {
    const bytes = [...BYTES].map((b) => Buffer.from([b]));
    const { events, out } = await run(bytes);
    expect(events).toHaveLength(4);
    expect(out).toEqual(FINAL);
  });

  it('an error event whose data is not the contract shape still rejects clearly', async () => {
    const err = (await readEventStream(Readable.from([Buffer.from('event: error\ndata: upstream timeout\n\n')]), options).catch(
      (e: unknown) => e,
    )) as StreamError;
    expect(err).toBeInstanceOf(StreamError);
    expect(err.message).toBe('The stream reported an error: upstream timeout');
    expect(err.body).toBe('upstream timeout');
  });

  it('a final event that is not a JSON object is a StreamError', async () => {
    const err = await readEventStream(Readable.from([Buffer.from('event: final\ndata: [1,2]\n\n')]), options).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StreamError);
  });

  it('ignores whatever follows final', async () => {
    const text = `event: final\ndata: ${JSON.stringify(FINAL)}\n\nevent: error\ndata: {"message":"late"}\n\n`;
    const { events, out } = await run([Buffer.from(text)]);
    expect(out).toEqual(FINAL);
    expect(events.map((e) => e.event)).toEqual(['final']);
  });
});
