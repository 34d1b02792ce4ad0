// The package's root directory (where package.json is), found from this module's location. Files are
// found from here rather than relative to a module, because the CLI may run from a bundle (dist/bundle)
// whose modules sit elsewhere than the compiled sources (dist/).
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let root: string | undefined;

export function packageRoot(): string {
  if (root) return root;
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error('cannot find the package root (no package.json above the code)');
    dir = up;
  }
  return (root = dir);
}
