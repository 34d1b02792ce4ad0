// The download cache: $XDG_CACHE_HOME/filings/edgar/<host>/<path>, EDGAR's own paths. Documents are
// immutable once filed and kept; submissions, company facts and the tickers file change and are fetched
// again after a day. A body is kept only once the caller has accepted it (parsed, checked: an error page sent with
// status 200, or a body cut short, is never kept), written to a temporary name and renamed, so an
// interrupted download leaves nothing. A cached body the caller no longer accepts is fetched again.
// `download` and `keep` split `get` for a caller that checks a body while the next one downloads.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { xdgDirectory } from '../engine/index-location.js';
import type { EdgarClient } from './client.js';

export type CacheKind = 'document' | 'submissions' | 'facts' | 'tickers';

const DAY = 24 * 3600_000;
export const REFRESH_MS: Record<CacheKind, number> = { document: Infinity, submissions: DAY, facts: DAY, tickers: DAY };

/** $XDG_CACHE_HOME/filings (~/.cache/filings); throws when there is no home to put it under. */
export function cacheRoot(env: NodeJS.ProcessEnv): string {
  return join(xdgDirectory(env, 'XDG_CACHE_HOME'), 'filings');
}

export function cachePath(root: string, url: string): string {
  const u = new URL(url);
  const safe = decodeURIComponent(u.pathname)
    .split('/')
    .filter((p) => p && p !== '.' && p !== '..')
    .map((p) => p.replace(/[^\w.-]/g, '_'));
  return join(root, 'edgar', u.host.replace(/[^\w.-]/g, '_'), ...safe);
}

export interface Fetched<T = Buffer> {
  body: Buffer;
  /** What `accept` made of the body. */
  value: T;
  fromCache: boolean;
}

/** Reads a body into what the caller needs, throwing when the body is not what was asked for. */
export type Accept<T> = (body: Buffer) => T;

export class EdgarCache {
  constructor(
    readonly root: string,
    private readonly client: EdgarClient,
    private readonly now: () => number = Date.now,
  ) {}

  has(url: string, kind: CacheKind): boolean {
    const p = cachePath(this.root, url);
    return existsSync(p) && this.now() - statSync(p).mtimeMs < REFRESH_MS[kind];
  }

  /** The cached body of `url` when fresh, without a request; undefined otherwise. */
  fresh(url: string, kind: CacheKind): Buffer | undefined {
    if (!this.has(url, kind)) return undefined;
    try {
      return readFileSync(cachePath(this.root, url));
    } catch {
      return undefined;
    }
  }

  /** The body of `url`, from the cache when fresh; `accept` runs on it before it is kept. */
  async get(url: string, kind: CacheKind, signal?: AbortSignal): Promise<Fetched>;
  async get<T>(url: string, kind: CacheKind, signal: AbortSignal | undefined, accept: Accept<T>): Promise<Fetched<T>>;
  async get<T>(url: string, kind: CacheKind, signal?: AbortSignal, accept?: Accept<T>): Promise<Fetched<T>> {
    const take = accept ?? ((b: Buffer) => b as unknown as T);
    const p = cachePath(this.root, url);
    if (this.has(url, kind)) {
      const body = await readFile(p);
      try {
        return { body, value: take(body), fromCache: true };
      } catch {
        // Kept by an older version that did not check it: fetched again below.
        rmSync(p, { force: true });
      }
    }
    const body = await this.client.get(url, signal);
    const value = take(body);
    this.keep(url, body);
    return { body, value, fromCache: false };
  }

  /** The body of `url` as `get` reads it, but neither checked nor kept: the caller checks it and keeps
   * it (`keep`) once accepted, so that the next download need not wait for the check. */
  async download(url: string, kind: CacheKind, signal?: AbortSignal): Promise<{ body: Buffer; fromCache: boolean }> {
    const cached = this.fresh(url, kind);
    return cached ? { body: cached, fromCache: true } : { body: await this.client.get(url, signal), fromCache: false };
  }

  /** Keeps an accepted body, whole or not at all (written aside, then renamed). */
  keep(url: string, body: Buffer): void {
    const p = cachePath(this.root, url);
    mkdirSync(dirname(p), { recursive: true });
    const tmp = `${p}.${process.pid}.part`;
    writeFileSync(tmp, body);
    renameSync(tmp, p);
  }

  /** Removes a cached body its caller no longer accepts (kept by an older version that did not check it). */
  drop(url: string): void {
    rmSync(cachePath(this.root, url), { force: true });
  }
}

export interface CacheStats {
  path: string;
  files: number;
  bytes: number;
  byKind: Record<'documents' | 'submissions' | 'facts' | 'other', { files: number; bytes: number }>;
}

export function cacheStats(root: string): CacheStats {
  const stats: CacheStats = {
    path: root,
    files: 0,
    bytes: 0,
    byKind: {
      documents: { files: 0, bytes: 0 },
      submissions: { files: 0, bytes: 0 },
      facts: { files: 0, bytes: 0 },
      other: { files: 0, bytes: 0 },
    },
  };
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      const st = statSync(p);
      if (st.isDirectory()) walk(p);
      else {
        const kind = p.includes(`${join('', 'Archives')}`)
          ? 'documents'
          : p.includes('submissions')
            ? 'submissions'
            : p.includes('companyfacts')
              ? 'facts'
              : 'other';
        stats.files++;
        stats.bytes += st.size;
        stats.byKind[kind].files++;
        stats.byKind[kind].bytes += st.size;
      }
    }
  };
  walk(join(root, 'edgar'));
  return stats;
}

export function clearCache(root: string): void {
  rmSync(join(root, 'edgar'), { recursive: true, force: true });
}

/** What `clearCacheFor` removed. */
export interface Cleared {
  files: number;
  bytes: number;
}

function removeCounted(path: string, into: Cleared): void {
  if (!existsSync(path)) return;
  const st = statSync(path);
  if (st.isDirectory()) for (const name of readdirSync(path)) removeCounted(join(path, name), into);
  else {
    into.files++;
    into.bytes += st.size;
  }
  rmSync(path, { recursive: true, force: true });
}

/** Removes one filing's downloads (its folder under every host: documents, index page, exhibits, and
 * its complete submission). */
export function clearAccession(root: string, accession: string): Cleared {
  const out = { files: 0, bytes: 0 };
  const folder = accession.replace(/-/g, '');
  for (const host of existsSync(join(root, 'edgar')) ? readdirSync(join(root, 'edgar')) : []) {
    const data = join(root, 'edgar', host, 'Archives', 'edgar', 'data');
    if (!existsSync(data)) continue;
    for (const cik of readdirSync(data)) {
      removeCounted(join(data, cik, folder), out);
      removeCounted(join(data, cik, `${accession}.txt`), out);
    }
  }
  return out;
}

/** Removes a company's downloads: every filing of its CIKs, its submissions files and its company facts. */
export function clearCompany(root: string, ciks: string[]): Cleared {
  const out = { files: 0, bytes: 0 };
  for (const host of existsSync(join(root, 'edgar')) ? readdirSync(join(root, 'edgar')) : []) {
    for (const cik of ciks.map((c) => c.replace(/^0+/, ''))) {
      removeCounted(join(root, 'edgar', host, 'Archives', 'edgar', 'data', cik), out);
      removeCounted(join(root, 'edgar', host, 'api', 'xbrl', 'companyfacts', `CIK${cik.padStart(10, '0')}.json`), out);
      const subs = join(root, 'edgar', host, 'submissions');
      if (!existsSync(subs)) continue;
      const prefix = `CIK${cik.padStart(10, '0')}`;
      for (const name of readdirSync(subs)) if (name.startsWith(prefix)) removeCounted(join(subs, name), out);
    }
  }
  return out;
}

/** company_tickers.json as the cache holds it (any host), to resolve a ticker without a request. */
export function cachedTickersText(root: string): string | undefined {
  for (const host of existsSync(join(root, 'edgar')) ? readdirSync(join(root, 'edgar')) : []) {
    const p = join(root, 'edgar', host, 'files', 'company_tickers.json');
    if (existsSync(p)) return readFileSync(p, 'utf8');
  }
  return undefined;
}
