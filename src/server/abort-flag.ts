// Cooperative cancellation across threads. A query worker runs retrieval synchronously, so an abort
// message posted to it waits until the query ends. Instead the pool raises a flag in memory the two
// threads share (the id of the job to stop), and the worker's AbortSignal reads that flag whenever the
// engine asks it (`signal.aborted`, `throwIfAborted()`, which the engine does between its steps): the
// query stops at its next step and the worker stays, warm, for the next one.

/** One Int32 shared by the pool and one worker: 0, or the id of the job to stop. */
export type AbortFlag = Int32Array;

export const createAbortFlag = (): AbortFlag => new Int32Array(new SharedArrayBuffer(4));

/** Job ids as the flag holds them (positive int32; ids wrap long after any job ends). */
const slot = (jobId: number) => (jobId % 0x7fff_fffe) + 1;

export function raise(flag: AbortFlag, jobId: number): void {
  Atomics.store(flag, 0, slot(jobId));
}

export function lower(flag: AbortFlag): void {
  Atomics.store(flag, 0, 0);
}

const abortedGetter = Object.getOwnPropertyDescriptor(AbortSignal.prototype, 'aborted')!.get!;

/**
 * The job's signal: a normal AbortSignal of `controller` (abort messages and listeners work as
 * always) whose `aborted` and `throwIfAborted()` first look at the shared flag, and abort the
 * controller when it names this job.
 */
export function flaggedSignal(controller: AbortController, flag: AbortFlag, jobId: number): AbortSignal {
  const signal = controller.signal;
  const mine = slot(jobId);
  const poll = () => {
    if (!abortedGetter.call(signal) && Atomics.load(flag, 0) === mine) controller.abort();
  };
  Object.defineProperty(signal, 'aborted', {
    get() {
      poll();
      return abortedGetter.call(signal) as boolean;
    },
  });
  const throwIfAborted = signal.throwIfAborted.bind(signal);
  Object.defineProperty(signal, 'throwIfAborted', {
    value: () => {
      poll();
      throwIfAborted();
    },
  });
  return signal;
}
