// The engine's work is synchronous (better-sqlite3), and an abort (Ctrl-C, a cancelled MCP call, a
// client gone) or another request (MCP's tools/list) is seen only when the thread returns to the event
// loop. So long work paces itself: between its steps (a sub-query of a plan, a line item's rows, a
// company's figures, a cell) it checks its signal and, once a slice of work has run since it last did,
// lets the event loop in. The steps stay as they were: only when they run is changed, never what.

/** Work run before the event loop is let in: with a step's own length (a cell, a line item's rows: 5 to
 * 60 ms), well within the 200 ms a Ctrl-C may take to stop it; long enough that a yield (one
 * setImmediate, a few microseconds) costs nothing measurable. */
export const PACE_SLICE_MS = 25;

/** Called between steps: throws the signal's reason once it is aborted; resolves at once, or after one
 * turn of the event loop when a slice has run. */
export type Pace = () => Promise<void>;

/** The pace of one request's work (the slice timed across all its steps). Without a signal it still
 * yields: other requests are answered meanwhile. */
export function pacer(signal?: AbortSignal, sliceMs = PACE_SLICE_MS): Pace {
  let since = performance.now();
  return async () => {
    signal?.throwIfAborted();
    if (performance.now() - since < sliceMs) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    since = performance.now();
    signal?.throwIfAborted();
  };
}
