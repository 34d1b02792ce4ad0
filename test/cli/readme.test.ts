// The generated tables of the README and of docs/*.md equal what the CLI's own tables produce (`npm
// run docs` rewrites them).
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { README_BLOCKS, regenerateReadme } from '../../src/cli/docs.js';

const readme = readFileSync(resolve(__dirname, '../../README.md'), 'utf8');
const docsDir = resolve(__dirname, '../../docs');
const docs = readdirSync(docsDir).filter((f) => f.endsWith('.md')).map((f) => readFileSync(resolve(docsDir, f), 'utf8'));

describe('README', () => {
  it('holds every generated block, up to date, it or a page of docs/ (run npm run docs)', () => {
    for (const name of Object.keys(README_BLOCKS)) expect([readme, ...docs].some((d) => d.includes(`<!-- gen:${name} -->`)), name).toBe(true);
    for (const page of [readme, ...docs]) expect(regenerateReadme(page)).toBe(page);
  });
  it('documents every exit code and the test command', () => {
    for (const code of [0, 1, 2, 3, 4, 5, 6, 7, 8, 130]) expect(readme).toMatch(new RegExp(`^\\| ${code} \\|`, 'm'));
    expect(readme).toContain('npm test');
  });
});
