// Opening a SQLite file with better-sqlite3, its native addon named directly. Left to find it,
// better-sqlite3 asks the `bindings` package, which probes a dozen paths (about 4 ms of every cold start)
// from the file that called it: inside the bundle (scripts/bundle.js carries better-sqlite3's JavaScript)
// that is the bundle, not better-sqlite3. So the addon is looked for where better-sqlite3 builds it, and
// anywhere else `bindings` is asked from better-sqlite3's own folder.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';

let addon: string | object | undefined;
function nativeBinding(): string | object {
  if (addon === undefined) {
    const root = dirname(createRequire(import.meta.url).resolve('better-sqlite3/package.json'));
    const built = ['Release', 'Debug'].map((d) => join(root, 'build', d, 'better_sqlite3.node')).find((f) => existsSync(f));
    addon =
      built ??
      (createRequire(join(root, 'package.json'))('bindings') as (o: object) => object)({
        bindings: 'better_sqlite3.node',
        module_root: root,
      });
  }
  return addon;
}

export function openSqlite(path: string, options: Database.Options = {}): Database.Database {
  // A path or the addon itself: better-sqlite3 takes both (its types name the path only).
  return new Database(path, { ...options, nativeBinding: nativeBinding() as string });
}
