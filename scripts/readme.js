// npm run docs: regenerate the generated blocks of README.md and docs/*.md from the CLI's tables, and
// the picture of the rooms in docs/architecture.md from the sources' imports.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { regenerateDoc } from '../dist/cli/docs.js';
import { withRooms } from './lib/rooms.js';

const root = new URL('..', import.meta.url);
const pages = [
  'README.md',
  ...readdirSync(new URL('docs/', root))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
for (const page of pages) {
  const path = new URL(page, root);
  const before = readFileSync(path, 'utf8');
  const after = withRooms(regenerateDoc(before), fileURLToPath(new URL('src', root)));
  if (after !== before) writeFileSync(path, after);
  console.log(after === before ? `${page} is up to date` : `${page} regenerated`);
}
