// A fixed pool of query workers over one backend module. Jobs queue on the main thread and go to an
// idle worker (one job per worker: a synchronous SQLite query occupies its thread anyway). Events
// stream back as they happen. An abort (client gone, deadline passed, shutdown) rejects the caller at
// once and raises the worker's shared abort flag (abort-flag.ts), which the engine reads between its
// steps: the query stops at its next step and the worker takes the next job. A worker that has not
// stopped within the grace period (work that never checks) is terminated and replaced.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { packageRoot } from '../package-root.js';
import { AbortedError } from '../backend-errors.js';
import { ServiceError } from '../contract/errors.js';
import type { BackendEvent } from '../contract/types.js';
import { createAbortFlag, lower, raise, type AbortFlag } from './abort-flag.js';
import { fromWire, type FromWorker, type ToWorker, type WorkerInit } from './worker-protocol.js';

/** How long an aborted job's worker may take to stop by itself before it is terminated. The engine
 * checks its signal between steps, the longest of which (a costly agentic question's figures) takes
 * well under a second on the development machine. */
export const ABORT_GRACE_MS = 2000;
/** Wait before retrying a replacement worker that failed to start. */
const RESPAWN_RETRY_MS = 1000;

export interface WorkerPoolOptions {
  /** Module exporting `openBackend(workerData): Promise<Backend>`. */
  workerModule: URL | string;
  workerData?: unknown;
  size: number;
  /** Jobs allowed to wait for a worker before new ones get a 503 (default size x 64). */
  maxQueue?: number;
  /** The worker script (default: query-worker.js beside this file). */
  workerEntry?: URL;
  abortGraceMs?: number;
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
  settled: boolean;
};

interface Slot {
  worker: Worker;
  flag: AbortFlag;
  job?: Job;
  /** Set while an aborted job's worker has its grace period. */
  stopping?: NodeJS.Timeout;
}

export interface PoolStats {
  size: number;
  /** Workers started and not being replaced. */
  ready: number;
  busy: number;
  queued: number;
  /** Workers terminated because their aborted job did not stop (since the pool started). */
  replaced: number;
  /** Aborted jobs that stopped by themselves, their worker kept (since the pool started). */
  cancelled: number;
}

let nextId = 1;

const unavailable = (message: string) => new ServiceError(503, 'SERVICE_UNAVAILABLE', message, undefined, 1);

export class WorkerPool {
  readonly size: number;
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private readonly maxQueue: number;
  private closing = false;
  private drained?: () => void;
  private replacedCount = 0;
  private cancelledCount = 0;

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
    return this.slots.filter((s) => s.job || s.stopping).length;
  }

  get queued(): number {
    return this.queue.length;
  }

  stats(): PoolStats {
    return {
      size: this.size,
      ready: this.slots.filter((s) => !s.stopping).length,
      busy: this.busy,
      queued: this.queued,
      replaced: this.replacedCount,
      cancelled: this.cancelledCount,
    };
  }

  run<T>(request: JobRequest, opts: { signal?: AbortSignal; onEvent?: (e: BackendEvent) => void } = {}): Promise<T> {
    if (this.closing) return Promise.reject(unavailable('The worker pool is closing'));
    if (opts.signal?.aborted) return Promise.reject(new AbortedError());
    if (this.queue.length >= this.maxQueue) return Promise.reject(unavailable('All workers are busy; try again shortly'));
    const id = nextId++;
    const message = { ...request, id } as JobMessage;
    return new Promise<T>((resolve, reject) => {
      const job: Job = { id, message, onEvent: opts.onEvent, resolve: resolve as (v: unknown) => void, reject, settled: false };
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
    for (const job of this.queue.splice(0)) this.settle(job, unavailable('The server is shutting down'));
    await Promise.all(
      this.slots.splice(0).map(async (s) => {
        if (s.job) this.settle(s.job, new AbortedError());
        const exited = new Promise<void>((r) => s.worker.once('exit', () => r()));
        if (s.stopping) {
          clearTimeout(s.stopping);
          void s.worker.terminate();
        } else s.worker.postMessage({ type: 'close' } satisfies ToWorker);
        const timer = setTimeout(() => void s.worker.terminate(), 2000);
        await exited;
        clearTimeout(timer);
      }),
    );
    this.drained?.();
  }

  private spawn(): Promise<void> {
    const flag = createAbortFlag();
    const init: WorkerInit = { backendModule: String(this.opts.workerModule), data: this.opts.workerData, abortFlag: flag };
    const entry = this.opts.workerEntry ?? pathToFileURL(join(packageRoot(), 'dist/server/query-worker.js'));
    const worker = new Worker(entry, { workerData: init });
    const slot: Slot = { worker, flag };
    return new Promise<void>((resolve, reject) => {
      let ready = false;
      worker.on('message', (m: FromWorker) => {
        if (m.type === 'ready') {
          ready = true;
          if (this.closing) {
            void worker.terminate();
            return resolve();
          }
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

  /** Starts a worker in place of one that was removed, retrying while the pool is open. */
  private replace(): void {
    if (this.closing) return;
    this.spawn().catch(() => {
      if (!this.closing) setTimeout(() => this.replace(), RESPAWN_RETRY_MS).unref();
    });
  }

  private onMessage(slot: Slot, m: FromWorker): void {
    const job = slot.job;
    if (!job || !('id' in m) || m.id !== job.id) return;
    if (m.type === 'event') {
      if (!job.settled) job.onEvent?.(m.event);
      return;
    }
    // The job ended by itself (within the grace period, if it was aborted): the worker is reusable.
    if (slot.stopping) {
      clearTimeout(slot.stopping);
      if (m.type === 'error' && m.error.kind === 'aborted') this.cancelledCount++;
    }
    slot.stopping = undefined;
    slot.job = undefined;
    this.settle(job, m.type === 'error' ? fromWire(m.error) : undefined, m.type === 'result' ? m.value : undefined);
    this.dispatch();
  }

  /** A worker died (a bug or out of memory): its job fails with a 500, a new worker takes its place. */
  private onCrash(slot: Slot, e: Error): void {
    if (!this.remove(slot)) return;
    if (slot.job) this.settle(slot.job, e);
    slot.job = undefined;
    void slot.worker.terminate();
    this.replace();
    this.dispatch();
  }

  private remove(slot: Slot): boolean {
    const i = this.slots.indexOf(slot);
    if (i < 0) return false;
    this.slots.splice(i, 1);
    if (slot.stopping) clearTimeout(slot.stopping);
    slot.stopping = undefined;
    return true;
  }

  private abort(job: Job): void {
    const q = this.queue.indexOf(job);
    if (q >= 0) this.queue.splice(q, 1);
    else {
      const slot = this.slots.find((s) => s.job === job);
      if (slot && !slot.stopping) {
        // The flag reaches synchronous work at its next check; the message, asynchronous work.
        raise(slot.flag, job.id);
        slot.worker.postMessage({ type: 'abort', id: job.id } satisfies ToWorker);
        slot.stopping = setTimeout(() => this.terminate(slot), this.opts.abortGraceMs ?? ABORT_GRACE_MS);
      }
    }
    this.settle(job, new AbortedError());
    this.dispatch();
  }

  /** The aborted job's worker did not stop in time: cut it off and start a fresh one. */
  private terminate(slot: Slot): void {
    if (!this.remove(slot)) return;
    slot.job = undefined;
    this.replacedCount++;
    void slot.worker.terminate();
    this.replace();
    this.dispatch();
  }

  private settle(job: Job, error: unknown, value?: unknown): void {
    if (job.settled) return;
    job.settled = true;
    if (error) job.reject(error);
    else job.resolve(value);
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (slot.job || slot.stopping) continue;
      const job = this.queue.shift();
      if (!job) break;
      slot.job = job;
      lower(slot.flag);
      slot.worker.postMessage(job.message);
    }
    if (this.drained && this.busy === 0 && this.queue.length === 0) {
      this.drained();
      this.drained = undefined;
    }
  }
}
