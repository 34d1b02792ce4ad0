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

/** Reports one step of a call (progress out of total, growing only), as the protocol requires. */
export type Report = (progress: number, total: number | undefined, message: string) => void;

/** The reporter of one call, or undefined when the client sent no progressToken. */
export function reporterFor(token: string | number | undefined, send: Send): Report | undefined {
  if (token === undefined) return undefined;
  let last = 0;
  return (progress, total, message) => {
    if (progress <= last) return;
    last = progress;
    // A notification that cannot be sent (the client went away) must not fail the call.
    send({
      method: 'notifications/progress',
      params: { progressToken: token, progress, ...(total !== undefined && { total }), message },
    }).catch(() => {});
  };
}

/** Progress of a query from the backend's events, out of `total` steps. */
export function progressFor(report: Report | undefined): ProgressFor | undefined {
  if (!report) return undefined;
  return (total) => (e) => {
    const s = step(e, total);
    if (s) report(s.progress, total, s.message);
  };
}
