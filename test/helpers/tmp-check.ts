// Runs before every test file (vitest setupFiles): the file's temporary directory is a fresh one of its
// own (TMPDIR, which os.tmpdir() and the processes it starts read), so that what the file leaves there
// is its own. After its tests, anything still there fails the file, naming it, and is removed: a test
// that leaves files behind fills a CI machine's disk one run at a time.
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll } from 'vitest';

const root = process.env.FILINGS_TEST_TMP;
if (root) {
  mkdirSync(root, { recursive: true });
  const own = mkdtempSync(join(root, 'file-'));
  process.env.TMPDIR = own;
  // Registered first, so it runs after the file's own afterAll hooks (vitest runs them as a stack).
  afterAll(() => {
    const left = readdirSync(own);
    rmSync(own, { recursive: true, force: true });
    if (left.length > 0)
      throw new Error(
        `this test file left ${left.length} temporary entr${left.length === 1 ? 'y' : 'ies'} behind: ${left.slice(0, 8).join(', ')}${left.length > 8 ? ', ...' : ''}`,
      );
  });
}
