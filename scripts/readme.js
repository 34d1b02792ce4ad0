// npm run docs: regenerate the generated blocks of the README and of docs/*.md from the CLI's tables.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { regenerateReadme } from '../dist/cli/docs.js';

const root = new URL('../', import.meta.url);
const files = ['README.md', ...readdirSync(new URL('docs/', root)).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
for (const file of files) {
  const path = new URL(file, root);
  const before = readFileSync(path, 'utf8');
  const after = regenerateReadme(before);
  if (after !== before) writeFileSync(path, after);
  console.log(after === before ? `${file} is up to date` : `${file} regenerated`);
}
