// Building, re-adding, removing; crash safety and version checks; where the index lives.
import { copyFileSync, existsSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { buildIndex } from '../../src/engine/ingest/build.js';
import { loadConstituents } from '../../src/engine/filing/constituents.js';
import { removeFromIndex } from '../../src/engine/ingest/remove.js';
import { replaceAtomically } from '../../src/engine/index/atomic.js';
import { IndexVersionError, NoIndexError } from '../../src/engine/index/errors.js';
import { defaultIndexPath } from '../../src/engine/index/location.js';
import { openIndex } from '../../src/engine/index/open.js';
import { openEngineBackend } from '../../src/engine/engine-backend.js';
import { openWriter } from '../../src/engine/ingest/open-writer.js';
import { buildDirectory } from '../../src/engine/retrieve/directory.js';
import { sampleCorpusDir, sampleFiling } from '../helpers/sample.js';
import { tempDir } from '../helpers/tmp.js';

const dir = tempDir('filings-index-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const constituents = await loadConstituents(join(sampleCorpusDir(), 'constituents.csv'));
const small = [
  '200406_8K_2023_0000200406-23-000091.json.gz',
  '850209_8K_2022_0000850209-22-000006.json.gz',
  '1748790_8K_2022_0001104659-22-076855.json.gz',
].map(sampleFiling);
const count = (p: string) => {
  const ix = openIndex(p);
  try {
    return {
      filings: (ix.db.prepare('SELECT COUNT(*) AS n FROM filings').get() as { n: number }).n,
      statements: (ix.db.prepare('SELECT COALESCE(SUM(statement_count), 0) AS n FROM filings').get() as { n: number }).n,
      blocks: (ix.db.prepare('SELECT COUNT(*) AS n FROM blocks').get() as { n: number }).n,
      fts: ix
        .shards()
        .reduce(
          (n, s) =>
            n +
            (ix.db.prepare(`SELECT COUNT(*) AS n FROM fts_${s.id} WHERE fts_${s.id} MATCH 'results OR item OR the'`).get() as { n: number })
              .n,
          0,
        ),
    };
  } finally {
    ix.close();
  }
};

describe('building the index', () => {
  const p = join(dir, 'a', 'index.sqlite');

  it('adds files, and re-adding an accession replaces it without duplicates', async () => {
    const r1 = await buildIndex({ indexPath: p, files: small, constituents });
    expect(r1.added).toHaveLength(3);
    const before = count(p);
    const r2 = await buildIndex({ indexPath: p, files: small.slice(0, 2), constituents });
    expect(r2.added.map((a) => a.replaced)).toEqual([true, true]);
    expect(count(p)).toEqual(before);
    expect(readdirSync(join(dir, 'a'))).toEqual(['index.sqlite']);
  });

  it('skips a broken file by name and adds the rest', async () => {
    const bad = join(dir, 'broken.json.gz');
    writeFileSync(bad, 'not gzip at all');
    const notFiling = join(dir, 'other.json');
    writeFileSync(notFiling, '{"hello": 1}');
    const q = join(dir, 'b', 'index.sqlite');
    const r = await buildIndex({ indexPath: q, files: [small[0]!, bad, notFiling, small[1]!], constituents });
    expect(r.added.map((a) => a.ticker)).toEqual(['JNJ', 'FL']);
    expect(r.failed.map((f) => f.file)).toEqual([bad, notFiling]);
    expect(r.failed[1]!.error).toMatch(/missing or empty "cik"/);
    expect(count(q).filings).toBe(2);
  });

  it('removes by accession and by ticker', async () => {
    expect(await removeFromIndex(p, '0000200406-23-000091')).toEqual(['0000200406-23-000091']);
    expect(await removeFromIndex(p, 'fl')).toEqual(['0000850209-22-000006']);
    expect(await removeFromIndex(p, 'NOPE')).toEqual([]);
    const ix = openIndex(p);
    expect(ix.filings().map((f) => f.sec_ticker)).toEqual(['AMCR']);
    // Nothing of the removed filings is left: no block, and no full-text row outside the one filing kept.
    const [kept] = ix.filings();
    expect(
      (
        ix.db.prepare('SELECT COUNT(*) AS n FROM blocks WHERE id NOT BETWEEN ? AND ?').get(kept!.first_statement, kept!.last_statement) as {
          n: number;
        }
      ).n,
    ).toBe(0);
    for (const s of ix.shards()) {
      const stray = ix.db
        .prepare(`SELECT COUNT(*) AS n FROM fts_${s.id} WHERE fts_${s.id} MATCH 'the OR of OR and' AND rowid NOT BETWEEN ? AND ?`)
        .get(kept!.first_statement, kept!.last_statement) as { n: number };
      expect(stray.n).toBe(0);
    }
    expect(ix.shards().reduce((n, s) => n + s.statements, 0)).toBe(kept!.statement_count);
    ix.close();
  });
});

describe('crash safety', () => {
  it('leaves the previous index whole and no temporary file when a build fails', async () => {
    const p = join(dir, 'c', 'index.sqlite');
    await buildIndex({ indexPath: p, files: small.slice(0, 1), constituents });
    const before = count(p);
    const controller = new AbortController();
    let seen = 0;
    await expect(
      buildIndex({
        indexPath: p,
        files: small,
        constituents,
        signal: controller.signal,
        onProgress: () => {
          if (++seen === 2) controller.abort();
        },
      }),
    ).rejects.toThrow();
    expect(count(p)).toEqual(before);
    expect(readdirSync(join(dir, 'c'))).toEqual(['index.sqlite']);
  });

  it('renames only a finished file', async () => {
    const p = join(dir, 'd', 'index.sqlite');
    await expect(
      replaceAtomically(p, true, (tmp) => {
        const w = openWriter(tmp, false);
        w.close();
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(existsSync(p)).toBe(false);
    expect(existsSync(join(dir, 'd')) ? readdirSync(join(dir, 'd')) : []).toEqual([]);
  });
});

describe('adding in place', () => {
  it('keeps the file (no copy), and an open reader sees the new filing on its next query', async () => {
    const p = join(dir, 'g', 'index.sqlite');
    await buildIndex({ indexPath: p, files: small.slice(0, 1), constituents });
    const backend = await openEngineBackend({ indexPath: p });
    try {
      const ask = () => backend.query({ query: 'Amcor 8-K', mode: 'research', metadata_filters: { sec_ticker: 'AMCR' } });
      expect((await ask()).summary?.evidence_count).toBe(0);
      const inode = statSync(p).ino;
      const r = await buildIndex({ indexPath: p, files: small.slice(2, 3), constituents });
      expect(r.added.map((a) => a.ticker)).toEqual(['AMCR']);
      expect(statSync(p).ino).toBe(inode);
      // The same backend, never reopened: its directory is rebuilt once the index's data version moved.
      const after = await ask();
      expect(after.summary?.evidence_count).toBeGreaterThan(0);
      expect(backend.engine.directory.byTicker.get('AMCR')?.filings).toHaveLength(1);
      // What readers open with was written again with the add: the linker's tables are those its
      // companies make now (the EDGAR name of the new filing among them).
      const ix = openIndex(p);
      try {
        expect(ix.linkerTables()).toEqual(
          JSON.parse(JSON.stringify(buildDirectory(ix.directoryFilings(), ix.companies()).linker.tables())),
        );
        expect(
          ix
            .directoryFilings()
            .map((f) => f.sec_ticker)
            .sort(),
        ).toEqual(['AMCR', 'JNJ']);
      } finally {
        ix.close();
      }
    } finally {
      await backend.close();
    }
  });
});

describe('opening', () => {
  it('refuses a missing index with how to build one', () => {
    expect(() => openIndex(join(dir, 'none.sqlite'))).toThrow(NoIndexError);
    expect(() => openIndex(join(dir, 'none.sqlite'))).toThrow(/filings corpus init/);
  });

  it('refuses an index of another schema version with how to rebuild', async () => {
    const p = join(dir, 'e', 'index.sqlite');
    await buildIndex({ indexPath: p, files: small.slice(0, 1), constituents });
    const old = join(dir, 'e', 'old.sqlite');
    copyFileSync(p, old);
    const db = new Database(old);
    db.pragma('user_version = 99');
    db.close();
    expect(() => openIndex(old)).toThrow(IndexVersionError);
    expect(() => openIndex(old)).toThrow(/version 99.*rebuild it with "filings corpus init"/);
    await expect(buildIndex({ indexPath: old, files: small.slice(1, 2), constituents })).rejects.toThrow(IndexVersionError);
  });

  it('reads an index of schema 5, and an add in place makes it 6 (what it adds is of 6)', async () => {
    const p = join(dir, 'v5', 'index.sqlite');
    await buildIndex({ indexPath: p, files: small.slice(0, 1), constituents });
    const db = new Database(p);
    db.pragma('user_version = 5');
    db.prepare("UPDATE meta SET value = '5' WHERE key = 'schema_version'").run();
    db.close();
    expect(count(p).filings).toBe(1);
    await buildIndex({ indexPath: p, files: small.slice(1, 2), constituents });
    const after = new Database(p, { readonly: true });
    expect(after.pragma('user_version', { simple: true })).toBe(6);
    expect(after.prepare("SELECT value FROM meta WHERE key = 'schema_version'").pluck().get()).toBe('6');
    after.close();
    expect(count(p).filings).toBe(2);
  });
});

// The flag > FILINGS_INDEX > profile precedence is the settings' (test/cli/settings.test.ts).
describe('index location', () => {
  it('defaults to the XDG data home, an absolute one only', () => {
    expect(defaultIndexPath({ XDG_DATA_HOME: '/data' })).toBe('/data/filings/index.sqlite');
    expect(defaultIndexPath({ XDG_DATA_HOME: 'relative' })).toMatch(/\.local\/share\/filings\/index\.sqlite$/);
    expect(defaultIndexPath({ HOME: '/h' })).toMatch(/\.local\/share\/filings\/index\.sqlite$/);
  });
});
