// The pages of the documentation: the README and every page of docs/.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './sample.js';

export const PAGES = [
  'README.md',
  ...readdirSync(join(repoRoot, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`),
];
