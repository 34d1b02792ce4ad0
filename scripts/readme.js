// npm run docs: regenerate the README's generated blocks from the CLI's tables.
import { readFileSync, writeFileSync } from 'node:fs';
import { regenerateReadme } from '../dist/cli/docs.js';

const path = new URL('../README.md', import.meta.url);
const before = readFileSync(path, 'utf8');
const after = regenerateReadme(before);
if (after !== before) writeFileSync(path, after);
console.log(after === before ? 'README.md is up to date' : 'README.md regenerated');
