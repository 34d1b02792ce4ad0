// A query worker: opens one backend (the engine over the index, or any module exporting
// `openBackend(data)`) and runs the jobs the pool sends, one at a time. Synchronous SQLite work here
// never blocks the main thread, which keeps accepting connections and answering /healthz.
import { parentPort, workerData } from 'node:worker_threads';
import type { Backend } from '../backend.js';
import { flaggedSignal } from './abort-flag.js';
import type { FromWorker, ToWorker, WorkerInit } from './worker-protocol.js';
import { toWire } from './worker-protocol.js';

const port = parentPort!;
const init = workerData as WorkerInit;
const post = (m: FromWorker) => port.postMessage(m);
const running = new Map<number, AbortController>();

async function open(): Promise<Backend> {
  const mod = (await import(init.backendModule)) as { openBackend?: (data: unknown) => Promise<Backend> };
  if (typeof mod.openBackend !== 'function') throw new Error(`${init.backendModule} does not export openBackend(data)`);
  return mod.openBackend(init.data);
}

async function run(backend: Backend, msg: Extract<ToWorker, { type: 'query' | 'filters' }>): Promise<void> {
  const controller = new AbortController();
  running.set(msg.id, controller);
  // Synchronous work sees an abort through the shared flag (the abort message waits until it ends).
  const signal = init.abortFlag ? flaggedSignal(controller, init.abortFlag, msg.id) : controller.signal;
  try {
    const value =
      msg.type === 'query'
        ? await backend.query(msg.request, {
            signal,
            requestId: msg.requestId,
            onEvent: msg.stream ? (event) => post({ type: 'event', id: msg.id, event }) : undefined,
          })
        : await backend.listMetadataFilters({ includeValues: msg.includeValues, field: msg.field, signal });
    post({ type: 'result', id: msg.id, value });
  } catch (e) {
    post({
      type: 'error',
      id: msg.id,
      error: toWire(controller.signal.aborted ? Object.assign(new Error('cancelled'), { name: 'AbortedError' }) : e),
    });
  } finally {
    running.delete(msg.id);
  }
}

try {
  const backend = await open();
  port.on('message', (msg: ToWorker) => {
    if (msg.type === 'abort') running.get(msg.id)?.abort();
    else if (msg.type === 'close') {
      for (const c of running.values()) c.abort();
      void backend.close().finally(() => {
        post({ type: 'closed' });
        port.close();
      });
    } else void run(backend, msg);
  });
  post({ type: 'ready' });
} catch (e) {
  post({ type: 'init-error', error: toWire(e) });
}
