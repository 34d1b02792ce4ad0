// `npm run demo` builds only when dist/ is older than its sources: on a built checkout it goes
// straight to the CLI instead of spending seconds in tsc.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain JavaScript script, without types
import { staleReason } from '../../scripts/build-if-stale.js';
import { ensureBuilt } from '../server/helpers.js';
import { tempDir } from '../helpers/tmp.js';

const ROOT = resolve(__dirname, '../..');

function tree(mtimes: { src: number; out?: number }): string {
  const root = tempDir('filings-stale-');
  mkdirSync(join(root, 'src'));
  writeFileSync(join(root, 'src', 'a.ts'), '');
  utimesSync(join(root, 'src', 'a.ts'), mtimes.src, mtimes.src);
  if (mtimes.out !== undefined) {
    mkdirSync(join(root, 'dist', 'bundle'), { recursive: true });
    writeFileSync(join(root, 'dist', 'bundle', 'main.cjs'), '');
    utimesSync(join(root, 'dist', 'bundle', 'main.cjs'), mtimes.out, mtimes.out);
  }
  return root;
}

describe('build only when stale', () => {
  it('stale when the output is missing or older than a source; fresh otherwise', () => {
    expect(staleReason(tree({ src: 1000 }))).toMatch(/does not exist/);
    expect(staleReason(tree({ src: 2000, out: 1000 }))).toMatch(/src\/a\.ts is newer/);
    expect(staleReason(tree({ src: 1000, out: 2000 }))).toBeUndefined();
  });

  it('npm run demo goes through it, not through an unconditional build', () => {
    const demo = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.demo!;
    expect(demo).toMatch(/^node scripts\/build-if-stale\.js && /);
    expect(demo).not.toMatch(/npm run build|tsc/);
  });

  it('on a built checkout it returns at once without building', () => {
    ensureBuilt();
    // npm test builds first; after editing package.json or the build scripts, run npm run build.
    expect(staleReason(ROOT), 'dist/ should be fresh: run npm run build').toBeUndefined();
    const started = Date.now();
    const r = spawnSync(process.execPath, [join(ROOT, 'scripts/build-if-stale.js')], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(/up to date; not building/);
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
