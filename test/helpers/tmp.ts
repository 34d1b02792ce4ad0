// Temporary directories of a test file: made under the file's own temporary directory (tmp-check.ts)
// and removed once its tests are done, whatever they did.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

const made = new Set<string>();

/** A new empty directory, removed after the file's tests. */
export function tempDir(prefix = 'filings-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.add(dir);
  return dir;
}

export function removeTempDirs(): void {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
  made.clear();
}

afterAll(removeTempDirs);
