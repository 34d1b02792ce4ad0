// Admission to the workers: at most `concurrency` queries run at once (the pool's size), one key at
// most `perKey` of them, and the rest wait in one queue per key. A freed slot goes to the waiting key
// with the fewest queries running (ties: the key served longest ago), so a key sending many costly
// queries delays another key's query by at most one query's time, never by its whole backlog.
// A key's full queue is a 429 (its own load); the whole queue full is a 503 (the server's).
import { AbortedError } from '../backend-errors.js';
import { ServiceError } from '../contract/errors.js';
import { rateLimited } from './http-errors.js';

export interface AdmissionOptions {
  /** Queries running at once, all keys together (the number of workers). */
  concurrency: number;
  /** Queries one key may run at once. */
  perKey: number;
  /** Requests one key may have waiting; beyond them a 429. */
  queuePerKey: number;
  /** Requests waiting in all; beyond them a 503. */
  queueTotal: number;
}

interface Waiter {
  grant: (release: () => void) => void;
  fail: (e: unknown) => void;
}

interface KeyState {
  running: number;
  queue: Waiter[];
  /** Dispatch order: lower was served longer ago. */
  servedAt: number;
}

export interface AdmissionStats {
  running: number;
  waiting: number;
  keys: number;
}

export class Admission {
  private readonly keys = new Map<string, KeyState>();
  private running = 0;
  private waiting = 0;
  private tick = 0;

  constructor(readonly opts: AdmissionOptions) {}

  stats(): AdmissionStats {
    return { running: this.running, waiting: this.waiting, keys: this.keys.size };
  }

  /** Waits for a slot; resolves with the function that gives it back (call it exactly once). Rejects
   * with a 429/503 when the queues are full, with AbortedError when `signal` fires while waiting. */
  acquire(key: string, signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(new AbortedError());
    const state = this.keys.get(key) ?? { running: 0, queue: [], servedAt: 0 };
    this.keys.set(key, state);
    if (state.queue.length === 0 && state.running < this.opts.perKey && this.running < this.opts.concurrency) {
      // Whoever waits now waits for its own per-key limit (dispatch runs on every release).
      return Promise.resolve(this.start(key, state));
    }
    if (state.queue.length >= this.opts.queuePerKey) {
      this.forget(key, state);
      return Promise.reject(rateLimited(1, `This key already has ${state.queue.length} queries waiting; retry after 1 s`));
    }
    if (this.waiting >= this.opts.queueTotal) {
      this.forget(key, state);
      return Promise.reject(new ServiceError(503, 'SERVICE_UNAVAILABLE', 'The server is at capacity; try again shortly', undefined, 1));
    }
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        const i = state.queue.indexOf(waiter);
        if (i < 0) return;
        state.queue.splice(i, 1);
        this.waiting--;
        this.forget(key, state);
        reject(new AbortedError());
      };
      const waiter: Waiter = {
        grant: (release) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(release);
        },
        fail: reject,
      };
      state.queue.push(waiter);
      this.waiting++;
      signal?.addEventListener('abort', onAbort, { once: true });
      this.dispatch();
    });
  }

  private start(key: string, state: KeyState): () => void {
    state.running++;
    this.running++;
    state.servedAt = ++this.tick;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      state.running--;
      this.running--;
      this.forget(key, state);
      this.dispatch();
    };
  }

  /** Idle keys hold no state (keys may be client addresses under --no-auth). */
  private forget(key: string, state: KeyState): void {
    if (state.running === 0 && state.queue.length === 0) this.keys.delete(key);
  }

  private dispatch(): void {
    while (this.running < this.opts.concurrency && this.waiting > 0) {
      let best: [string, KeyState] | undefined;
      for (const entry of this.keys) {
        const s = entry[1];
        if (s.queue.length === 0 || s.running >= this.opts.perKey) continue;
        if (!best || s.running < best[1].running || (s.running === best[1].running && s.servedAt < best[1].servedAt)) best = entry;
      }
      if (!best) return;
      const [key, state] = best;
      const waiter = state.queue.shift()!;
      this.waiting--;
      waiter.grant(this.start(key, state));
    }
  }
}
