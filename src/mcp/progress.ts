// Progress notifications for a tool call: the backend's events (retrieval started and completed, the
// answer and the analysis being written) as notifications/progress, when the client sent a
// progressToken. Progress counts the steps started, out of the steps the request will take; it only
// grows, as the protocol requires. The final response needs no notification of its own: the result
// follows at once (and the SDK's client drops a notification that arrives with the result).
import type { ServerNotification } from '@modelcontextprotocol/sdk/types.js';
import type { BackendEvent } from '../contract/types.js';

type Send = (n: ServerNotification) => Promise<void>;
export type OnEvent = (e: BackendEvent) => void;
/** An onEvent for Backend.query reporting progress out of `total` steps. */
export type ProgressFor = (total: number) => OnEvent;

function step(e: BackendEvent, total: number): { progress: number; message: string } | undefined {
  switch (e.event) {
    case 'retrieval.started':
      return { progress: 1, message: `retrieving evidence (${e.data.mode}, effort ${e.data.effort})` };
    case 'retrieval.completed':
      return { progress: 2, message: `${e.data.evidence_count} evidence chains retrieved` };
    case 'answer.delta':
      return { progress: 3, message: 'writing the answer' };
    case 'analysis.delta':
      return { progress: total, message: 'writing the analysis' };
    default:
      return undefined;
  }
}

/** Progress for one call, or undefined when the client sent no progressToken. */
export function progressFor(token: string | number | undefined, send: Send): ProgressFor | undefined {
  if (token === undefined) return undefined;
  return (total) => {
    let last = 0;
    return (e) => {
      const s = step(e, total);
      if (!s || s.progress <= last) return;
      last = s.progress;
      // A notification that cannot be sent (the client went away) must not fail the query.
      send({ method: 'notifications/progress', params: { progressToken: token, total, ...s } }).catch(() => {});
    };
  };
}
