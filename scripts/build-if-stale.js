// Builds (tsc, then the bundle) only when dist/ is older than what it is built from, so `npm run
// demo` on a built checkout starts at once instead of spending seconds in tsc.
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const INPUTS = ['src', 'tsconfig.json', 'package.json', 'scripts/bundle.js'];
/** Written last by a build: when it is newer than every input, dist/ is up to date. */
const OUTPUT = 'dist/bundle/main.cjs';

function newest(path) {
  const s = statSync(path, { throwIfNoEntry: false });
  if (!s) return { path, mtimeMs: 0 };
  if (!s.isDirectory()) return { path, mtimeMs: s.mtimeMs };
  return readdirSync(path)
    .map((name) => newest(join(path, name)))
    .reduce((a, b) => (b.mtimeMs > a.mtimeMs ? b : a), { path, mtimeMs: 0 });
}

/** Why `root` needs a build (a sentence), or undefined when dist/ is up to date. */
export function staleReason(root) {
  const out = statSync(join(root, OUTPUT), { throwIfNoEntry: false });
  if (!out) return `${OUTPUT} does not exist`;
  const input = INPUTS.map((p) => newest(join(root, p))).reduce((a, b) => (b.mtimeMs > a.mtimeMs ? b : a));
  return input.mtimeMs > out.mtimeMs ? `${input.path} is newer than ${OUTPUT}` : undefined;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const reason = staleReason(root);
  if (reason === undefined) {
    console.error('dist/ is up to date; not building');
  } else {
    console.error(`building: ${reason}`);
    execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], { cwd: root, stdio: 'inherit' });
    execFileSync(process.execPath, [join(root, 'scripts/bundle.js')], { cwd: root, stdio: 'inherit' });
  }
}
