// The server's default Backend: a worker pool over the index file, re-opened when the file is
// replaced. While the file is missing (or a new file cannot be opened) every call is a 503
// INDEX_UNAVAILABLE with Retry-After; while a replacement's workers start, the old ones keep serving
// (their open file is the old inode, still whole after the rename). A query that finds the index
// damaged takes this server out of service (503, /healthz unavailable) until the file is replaced.
import { basename, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { packageRoot } from '../package-root.js';
import type { Backend, MetadataFiltersOptions, QueryOptions } from '../backend.js';
import type { MetadataFiltersResponse, ResearchResponse } from '../contract/types.js';
import { asServiceError, indexDamaged, indexUnavailable, isIndexDamage, isIndexError } from './http-errors.js';
import { notAFile, sameStamp, stampOf, watchIndex, type IndexStamp } from './index-watch.js';
import { WorkerPool } from './worker-pool.js';

export interface PooledBackendOptions {
  indexPath: string;
  workers: number;
  /** Module exporting `openBackend(data)`; default: the embedded engine (engine-module.js). */
  workerModule?: URL | string;
  /** Extra fields for openBackend's argument, beside `indexPath`. */
  workerData?: Record<string, unknown>;
  /** How often the index path is checked (default 1000 ms). */
  watchIntervalMs?: number;
  maxQueue?: number;
  /** How long an aborted query's worker may take to stop before it is terminated (ms). */
  abortGraceMs?: number;
  onReload?: (info: { state: IndexState; generation: number; error?: string }) => void;
}

export type IndexState = 'ready' | 'missing' | 'loading' | 'failed' | 'damaged' | 'closed';

export interface HealthInfo {
  status: 'ok' | 'unavailable';
  /** No absolute path: /healthz is public. The file name only, also inside `error`. */
  index: { file: string; state: IndexState; generation: number; inode?: number; size?: number; mtime?: string; error?: string };
  workers: number;
  /** Workers started and not being replaced (below `workers` while a cut-off worker's successor starts). */
  ready: number;
  busy: number;
  queued: number;
  /** Workers terminated because an aborted or overdue query did not stop (since the index opened). */
  replaced: number;
  /** Aborted queries that stopped by themselves at their next check, their worker kept (since the index opened). */
  cancelled: number;
}

/** A Backend that can say how it is (the server's /healthz). */
export interface HealthReporting {
  health(): HealthInfo;
}

export class PooledBackend implements Backend, HealthReporting {
  private current?: { pool: WorkerPool; stamp: IndexStamp };
  private state: IndexState = 'missing';
  private error?: string;
  private generation = 0;
  /** The stamp last tried (whether it opened or not), and the one seen on the previous tick. */
  private tried?: IndexStamp;
  private seen?: IndexStamp;
  private stopWatch?: () => void;
  private loading?: Promise<void>;
  private readonly retiring = new Set<WorkerPool>();
  /** Set while the path holds something that is no file (a directory): said instead of "no index yet". */
  private occupied?: string;

  constructor(private readonly opts: PooledBackendOptions) {}

  /** Opens the index if it is there, and starts watching it. Never fails for a missing index. */
  async start(): Promise<void> {
    const stamp = await stampOf(this.opts.indexPath);
    this.seen = stamp;
    if (stamp) await this.load(stamp);
    else await this.noteOccupied();
    this.stopWatch = watchIndex(this.opts.indexPath, this.opts.watchIntervalMs ?? 1000, (s) => this.onTick(s));
  }

  query(request: unknown, options: QueryOptions = {}): Promise<ResearchResponse> {
    const pool = this.pool();
    const { onEvent } = options;
    // An `error` event (a failure after the stream opened) names the index file only, as error bodies do.
    const events: QueryOptions = onEvent
      ? {
          ...options,
          onEvent: (ev) => onEvent(ev.event === 'error' ? { ...ev, data: { ...ev.data, message: this.redact(ev.data.message) } } : ev),
        }
      : options;
    return pool
      .run<ResearchResponse>({ type: 'query', request, stream: !!onEvent, requestId: options.requestId }, events)
      .catch((e: unknown) => Promise.reject(this.failed(pool, e)));
  }

  listMetadataFilters(options: MetadataFiltersOptions = {}): Promise<MetadataFiltersResponse> {
    const pool = this.pool();
    const { includeValues, field } = options;
    return pool
      .run<MetadataFiltersResponse>({ type: 'filters', includeValues, field }, { signal: options.signal })
      .catch((e: unknown) => Promise.reject(this.failed(pool, e)));
  }

  /** A job's error, told to the client without the index's directory; a damaged index stops the
   * pool that found it (its file stays tried: it is opened again only once it changes). */
  private failed(pool: WorkerPool, e: unknown): unknown {
    if (isIndexDamage(e) && this.current?.pool === pool) {
      this.error = (e as Error).message;
      this.retire('damaged');
    }
    return this.redacted(e);
  }

  /** A message without the index's directory: error bodies and /healthz are seen by every client. */
  private redact(message: string): string {
    const path = this.opts.indexPath;
    return message.replaceAll(path, basename(path)).replaceAll(`${dirname(path)}/`, '');
  }

  /** Index errors raised in a worker (a file replaced by one of another version) keep no path either. */
  private redacted(e: unknown): unknown {
    if (isIndexDamage(e)) return indexDamaged(this.redact((e as Error).message));
    if (isIndexError(e)) return indexUnavailable(this.redact((e as Error).message));
    const se = asServiceError(e);
    return se?.code === 'INDEX_UNAVAILABLE' ? indexUnavailable(this.redact(se.message), se.retryAfter) : e;
  }

  health(): HealthInfo {
    const s = this.current?.stamp;
    const pool = this.current?.pool;
    const stats = pool?.stats();
    return {
      status: pool ? 'ok' : 'unavailable',
      index: {
        file: basename(this.opts.indexPath),
        state: this.state,
        generation: this.generation,
        ...(s ? { inode: s.ino, size: s.size, mtime: new Date(s.mtimeMs).toISOString() } : {}),
        ...(this.error ? { error: this.redact(this.error) } : {}),
      },
      workers: stats?.size ?? 0,
      ready: stats?.ready ?? 0,
      busy: stats?.busy ?? 0,
      queued: stats?.queued ?? 0,
      replaced: stats?.replaced ?? 0,
      cancelled: stats?.cancelled ?? 0,
    };
  }

  async close(): Promise<void> {
    this.stopWatch?.();
    this.state = 'closed';
    await this.loading?.catch(() => undefined);
    const pool = this.current?.pool;
    this.current = undefined;
    const retiring = [...this.retiring];
    this.retiring.clear();
    await Promise.all([pool, ...retiring].map((p) => p?.close()));
  }

  private pool(): WorkerPool {
    if (this.current) return this.current.pool;
    const file = basename(this.opts.indexPath);
    if (this.state === 'damaged') throw indexDamaged(this.redact(`The index ${this.error ?? `${file} is damaged`}`));
    const why =
      this.state === 'failed'
        ? `The index ${file} could not be opened: ${this.error ?? 'unknown error'}`
        : this.state === 'loading'
          ? 'The index is being opened'
          : this.occupied
            ? `The index path ${file} is ${this.occupied}, not an index file`
            : `No index ${file} yet`;
    throw indexUnavailable(this.redact(why));
  }

  private async onTick(stamp: IndexStamp | undefined): Promise<void> {
    if (this.state === 'closed' || this.loading) return;
    const previous = this.seen;
    this.seen = stamp;
    if (!stamp) {
      await this.noteOccupied();
      if (this.current || this.state !== 'missing') this.retire('missing');
      return;
    }
    this.occupied = undefined;
    if (sameStamp(stamp, this.current?.stamp) || sameStamp(stamp, this.tried)) return;
    // A file still being written changes between ticks; wait until it holds still for one interval.
    if (!sameStamp(stamp, previous)) return;
    await this.load(stamp);
  }

  private async noteOccupied(): Promise<void> {
    const what = await notAFile(this.opts.indexPath);
    this.occupied = what === 'missing' ? undefined : what;
  }

  private load(stamp: IndexStamp): Promise<void> {
    this.tried = stamp;
    if (!this.current) this.state = 'loading';
    const work = (async () => {
      try {
        const pool = await WorkerPool.start({
          workerModule: this.opts.workerModule ?? pathToFileURL(join(packageRoot(), 'dist/server/engine-module.js')),
          workerData: { ...this.opts.workerData, indexPath: this.opts.indexPath },
          size: this.opts.workers,
          maxQueue: this.opts.maxQueue,
          abortGraceMs: this.opts.abortGraceMs,
        });
        if (this.state === 'closed') return void (await pool.close());
        const old = this.current?.pool;
        this.current = { pool, stamp };
        this.state = 'ready';
        this.error = undefined;
        this.generation++;
        if (old) this.drainAndClose(old);
        this.opts.onReload?.({ state: 'ready', generation: this.generation });
      } catch (e) {
        this.error = e instanceof Error ? e.message : String(e);
        this.retire(isIndexDamage(e) ? 'damaged' : 'failed');
      }
    })();
    this.loading = work.finally(() => (this.loading = undefined));
    return this.loading;
  }

  /** Closes a pool once its in-flight jobs are done (or at close(), whichever comes first). */
  private drainAndClose(pool: WorkerPool): void {
    this.retiring.add(pool);
    void pool.idle().then(async () => {
      if (this.retiring.delete(pool)) await pool.close();
    });
  }

  /** Stops serving (file gone, or the new file unusable): in-flight jobs finish, new ones get 503. */
  private retire(state: IndexState): void {
    const old = this.current?.pool;
    this.current = undefined;
    this.state = state;
    if (state === 'missing') this.tried = undefined;
    if (old) this.drainAndClose(old);
    this.opts.onReload?.({ state, generation: this.generation, error: this.error });
  }
}

export async function createPooledBackend(opts: PooledBackendOptions): Promise<PooledBackend> {
  const b = new PooledBackend(opts);
  await b.start();
  return b;
}
