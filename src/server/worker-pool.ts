// A fixed pool of query workers over one backend module. Jobs queue on the main thread and go to an
// idle worker (one job per worker: a synchronous SQLite query occupies its thread anyway). Events
// stream back as they happen; an abort is forwarded to the worker and rejects the caller at once.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { packageRoot } from '../package-root.js';
import { AbortedError } from '../backend-errors.js';
import { ServiceError } from '../contract/errors.js';
import type { BackendEvent } from '../contract/types.js';
import { fromWire, type FromWorker, type ToWorker, type WorkerInit } from './worker-protocol.js';

export interface WorkerPoolOptions {
  /** Module exporting `openBackend(workerData): Promise<Backend>`. */
  workerModule: URL | string;
  workerData?: unknown;
  size: number;
  /** Jobs allowed to wait for a worker before new ones get a 503 (default size x 64). */
  maxQueue?: number;
  /** The worker script (default: query-worker.js beside this file). */
  workerEntry?: URL;
}

type JobMessage = Extract<ToWorker, { type: 'query' | 'filters' }>;
/** A job as the caller gives it; the pool numbers it. */
export type JobRequest = JobMessage extends infer M ? (M extends JobMessage ? Omit<M, 'id'> : never) : never;

type Job = {
  id: number;
  message: JobMessage;
  onEvent?: (e: BackendEvent) => void;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
  signal?: AbortSignal;
  settled: boolean;
};

interface Slot {
  worker: Worker;
  job?: Job;
}

let nextId = 1;

export class WorkerPool {
  readonly size: number;
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private readonly maxQueue: number;
  private closing = false;
  private drained?: () => void;

  private constructor(private readonly opts: WorkerPoolOptions) {
    this.size = Math.max(1, Math.floor(opts.size));
    this.maxQueue = opts.maxQueue ?? this.size * 64;
  }

  /** Starts every worker; rejects (after stopping them) if any fails to open its backend. */
  static async start(opts: WorkerPoolOptions): Promise<WorkerPool> {
    const pool = new WorkerPool(opts);
    const started = await Promise.allSettled(Array.from({ length: pool.size }, () => pool.spawn()));
    const failed = started.find((s): s is PromiseRejectedResult => s.status === 'rejected');
    if (failed) {
      await pool.close();
      throw failed.reason;
    }
    return pool;
  }

  get busy(): number {
    return this.slots.filter((s) => s.job).length;
  }

  get queued(): number {
    return this.queue.length;
  }

  run<T>(request: JobRequest, opts: { signal?: AbortSignal; onEvent?: (e: BackendEvent) => void } = {}): Promise<T> {
    if (this.closing) return Promise.reject(new ServiceError(503, 'SERVICE_UNAVAILABLE', 'The worker pool is closing', undefined, 1));
    if (opts.signal?.aborted) return Promise.reject(new AbortedError());
    if (this.queue.length >= this.maxQueue) {
      return Promise.reject(new ServiceError(503, 'SERVICE_UNAVAILABLE', 'All workers are busy; try again shortly', undefined, 1));
    }
    const id = nextId++;
    const message = { ...request, id } as JobMessage;
    return new Promise<T>((resolve, reject) => {
      const job: Job = { id, message, onEvent: opts.onEvent, resolve: resolve as (v: unknown) => void, reject, signal: opts.signal, settled: false };
      opts.signal?.addEventListener('abort', () => this.abort(job), { once: true });
      this.queue.push(job);
      this.dispatch();
    });
  }

  /** Resolves when no job is running or queued (used to retire a pool after an index swap). */
  idle(): Promise<void> {
    if (this.busy === 0 && this.queue.length === 0) return Promise.resolve();
    return new Promise((r) => (this.drained = r));
  }

  async close(): Promise<void> {
    this.closing = true;
    for (const job of this.queue.splice(0)) this.settle(job, new ServiceError(503, 'SERVICE_UNAVAILABLE', 'The server is shutting down', undefined, 1));
    await Promise.all(
      this.slots.map(async (s) => {
        if (s.job) this.settle(s.job, new AbortedError());
        s.worker.postMessage({ type: 'close' } satisfies ToWorker);
        const exited = new Promise<void>((r) => s.worker.once('exit', () => r()));
        const timer = setTimeout(() => void s.worker.terminate(), 2000);
        await exited;
        clearTimeout(timer);
      }),
    );
    this.slots.length = 0;
  }

  private spawn(): Promise<void> {
    const init: WorkerInit = { backendModule: String(this.opts.workerModule), data: this.opts.workerData };
    const entry = this.opts.workerEntry ?? pathToFileURL(join(packageRoot(), 'dist/server/query-worker.js'));
    const worker = new Worker(entry, { workerData: init });
    const slot: Slot = { worker };
    return new Promise<void>((resolve, reject) => {
      let ready = false;
      worker.on('message', (m: FromWorker) => {
        if (m.type === 'ready') {
          ready = true;
          this.slots.push(slot);
          resolve();
          this.dispatch();
        } else if (m.type === 'init-error') {
          reject(fromWire(m.error));
          void worker.terminate();
        } else this.onMessage(slot, m);
      });
      worker.on('error', (e) => {
        if (!ready) reject(e);
        else this.onCrash(slot, e);
      });
      worker.on('exit', (code) => {
        if (!ready) reject(new Error(`query worker exited with code ${code} before it was ready`));
        else if (!this.closing) this.onCrash(slot, new Error(`query worker exited with code ${code}`));
      });
    });
  }

  private onMessage(slot: Slot, m: FromWorker): void {
    const job = slot.job;
    if (!job || !('id' in m) || m.id !== job.id) return;
    if (m.type === 'event') {
      if (!job.settled) job.onEvent?.(m.event);
      return;
    }
    slot.job = undefined;
    this.settle(job, m.type === 'error' ? fromWire(m.error) : undefined, m.type === 'result' ? m.value : undefined);
    this.dispatch();
  }

  /** A worker died (a bug or out of memory): its job fails with a 500, a new worker takes its place. */
  private onCrash(slot: Slot, e: Error): void {
    const i = this.slots.indexOf(slot);
    if (i < 0) return;
    this.slots.splice(i, 1);
    if (slot.job) this.settle(slot.job, e);
    slot.job = undefined;
    void slot.worker.terminate();
    if (!this.closing) this.spawn().catch(() => undefined);
  }

  private abort(job: Job): void {
    const q = this.queue.indexOf(job);
    if (q >= 0) this.queue.splice(q, 1);
    else {
      const slot = this.slots.find((s) => s.job === job);
      slot?.worker.postMessage({ type: 'abort', id: job.id } satisfies ToWorker);
    }
    // The caller is told now; the worker stays busy until it reports back.
    this.settle(job, new AbortedError());
  }

  private settle(job: Job, error: unknown, value?: unknown): void {
    if (job.settled) return;
    job.settled = true;
    if (error) job.reject(error);
    else job.resolve(value);
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (slot.job) continue;
      const job = this.queue.shift();
      if (!job) break;
      slot.job = job;
      slot.worker.postMessage(job.message);
    }
    if (this.drained && this.busy === 0 && this.queue.length === 0) {
      this.drained();
      this.drained = undefined;
    }
  }
}
