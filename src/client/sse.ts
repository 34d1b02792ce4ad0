// Reads a `text/event-stream` body as it arrives: each frame goes to `onEvent` the moment the parser
// completes it (deltas are never batched), `final` ends the stream with its ResearchResponse exactly
// as received, `error` ends it with a StreamError. Bytes are decoded with a streaming TextDecoder,
// so a multi-byte character split across TCP chunks is reassembled, not mangled.
import { createParser } from 'eventsource-parser';
import { NetworkError, StreamError, TimeoutError } from '../backend-errors.js';
import type { BackendEvent, ResearchResponse } from '../contract/types.js';
import { describeErrorPayload } from './error-body.js';

export interface ReadStreamOptions {
  onEvent?: (event: BackendEvent) => void;
  /** Maps a failure of the body stream (abort, idle timeout, reset) to a Backend error. */
  toError: (err: unknown) => Error;
  redact: (s: string) => string;
}

type Outcome = { final: ResearchResponse } | { error: unknown };

export async function readEventStream(body: AsyncIterable<Uint8Array | string>, options: ReadStreamOptions): Promise<ResearchResponse> {
  const decoder = new TextDecoder('utf-8');
  let outcome: Outcome | undefined;
  let count = 0;

  const parser = createParser({
    onEvent(message) {
      if (outcome) return; // nothing after final or error counts
      count++;
      const event = message.event ?? 'message';
      const data = parseData(message.data);
      try {
        // Unknown event types pass through too: the union names only the contract's six.
        options.onEvent?.({ event, data } as BackendEvent);
      } catch (err) {
        outcome = { error: err }; // the caller's own failure, rethrown as is
        return;
      }
      if (event === 'final') {
        outcome =
          typeof data === 'object' && data !== null && !Array.isArray(data)
            ? { final: data as ResearchResponse }
            : { error: new StreamError('The final event of the stream does not hold a JSON object', data) };
      } else if (event === 'error') {
        const d = describeErrorPayload(data, options.redact);
        outcome = { error: new StreamError(`The stream reported an error: ${d.message}${d.code ? ` (${d.code})` : ''}`, data) };
      }
    },
    // Unknown fields and bad retry values are the server's business; they must not stop the stream.
    onError() {},
  });

  try {
    for await (const chunk of body) {
      parser.feed(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
      if (outcome) break; // leaving the loop destroys the body: nothing more is wanted
    }
    if (!outcome) parser.feed(decoder.decode()); // an unterminated last frame stays discarded, as SSE requires
  } catch (err) {
    if (!outcome) throw broken(options.toError(err), count);
  }

  if (outcome && 'final' in outcome) return outcome.final;
  if (outcome) throw outcome.error;
  throw new StreamError(`The stream ended after ${count} event${count === 1 ? '' : 's'} without a final event (closed early or truncated)`);
}

/** A body failure mid-stream: timeouts and cancellation keep their class; a lost connection is a
 * broken stream, not a failure to reach the service. */
function broken(err: Error, count: number): Error {
  if (!(err instanceof NetworkError) || err instanceof TimeoutError) return err;
  return new StreamError(`The stream broke after ${count} event${count === 1 ? '' : 's'}: ${err.message}`, undefined, { cause: err });
}

/** The data of a frame: JSON when it parses, else the text itself. */
function parseData(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
