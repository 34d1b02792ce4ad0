#!/usr/bin/env node
// `npm run lint`'s second half: no line of src/ longer than MAX characters. The formatter wraps code at
// 140; what it cannot wrap (a regular expression, a string, a comment) is written in named parts.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const MAX = 160;
const root = join(fileURLToPath(import.meta.url), '..', '..');

function* files(dir) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) yield* files(p);
    else if (/\.(?:ts|js)$/.test(e.name)) yield p;
  }
}

let over = 0;
for (const file of files(join(root, 'src'))) {
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (line.length <= MAX) return;
      over++;
      console.error(`${relative(root, file)}:${i + 1}: ${line.length} characters (at most ${MAX})`);
    });
}
if (over > 0) {
  console.error(`${over} line(s) of src/ over ${MAX} characters: build long patterns from named parts`);
  process.exit(1);
}
