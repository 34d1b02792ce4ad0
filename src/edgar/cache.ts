// The download cache: $XDG_CACHE_HOME/filings/edgar/<host>/<path>, EDGAR's own paths. Documents are
// immutable once filed and kept; submissions and the tickers file change and are fetched again after a
// day. Files are written to a temporary name and renamed, so an interrupted download leaves nothing.
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import type { EdgarClient } from './client.js';

export type CacheKind = 'document' | 'submissions' | 'tickers';

export const REFRESH_MS: Record<CacheKind, number> = { document: Infinity, submissions: 24 * 3600_000, tickers: 24 * 3600_000 };

export function cacheRoot(env: NodeJS.ProcessEnv): string {
  const base = env.XDG_CACHE_HOME || join(env.HOME || homedir(), '.cache');
  return join(base, 'filings');
}

export function cachePath(root: string, url: string): string {
  const u = new URL(url);
  const safe = decodeURIComponent(u.pathname)
    .split('/')
    .filter((p) => p && p !== '.' && p !== '..')
    .map((p) => p.replace(/[^\w.\-]/g, '_'));
  return join(root, 'edgar', u.host.replace(/[^\w.\-]/g, '_'), ...safe);
}

export interface Fetched {
  body: Buffer;
  fromCache: boolean;
}

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

  async get(url: string, kind: CacheKind, signal?: AbortSignal): Promise<Fetched> {
    const p = cachePath(this.root, url);
    if (this.has(url, kind)) return { body: await readFile(p), fromCache: true };
    const body = await this.client.get(url, signal);
    mkdirSync(dirname(p), { recursive: true });
    const tmp = `${p}.${process.pid}.part`;
    writeFileSync(tmp, body);
    renameSync(tmp, p);
    return { body, fromCache: false };
  }
}

export interface CacheStats {
  path: string;
  files: number;
  bytes: number;
  byKind: Record<'documents' | 'submissions' | 'other', { files: number; bytes: number }>;
}

export function cacheStats(root: string): CacheStats {
  const stats: CacheStats = { path: root, files: 0, bytes: 0, byKind: { documents: { files: 0, bytes: 0 }, submissions: { files: 0, bytes: 0 }, other: { files: 0, bytes: 0 } } };
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      const st = statSync(p);
      if (st.isDirectory()) walk(p);
      else {
        const kind = p.includes(`${join('', 'Archives')}`) ? 'documents' : p.includes('submissions') ? 'submissions' : 'other';
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
