// The README and docs/: their generated blocks equal what the CLI's own tables produce (`npm run docs`
// rewrites them), every block is somewhere, and every link resolves: to a file, and to a heading of it.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOC_BLOCKS, regenerateDoc } from '../../src/cli/docs.js';
import { PAGES } from '../helpers/docs.js';

const ROOT = resolve(__dirname, '../..');
const read = (page: string) => readFileSync(join(ROOT, page), 'utf8');

/** A page another branch of the project writes (the architecture): a link to it is checked like any
 * other once the page is here. */
const WRITTEN_ELSEWHERE = new Set(['docs/architecture.md']);

/** GitHub's anchor of a heading: lower case, punctuation but hyphens dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');
}

const anchors = (text: string) =>
  new Set(
    text
      .replace(/```[\s\S]*?```/g, '')
      .split('\n')
      .filter((l) => /^#{1,6} /.test(l))
      .map((l) => slug(l.replace(/^#+ /, ''))),
  );

/** Relative links of a page, code blocks and spans left out: [text](target). */
function links(text: string): string[] {
  const prose = text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((t) => !/^[a-z]+:/.test(t));
}

function brokenLinks(page: string): string[] {
  return links(read(page)).flatMap((target) => {
    const [file, anchor] = target.split('#') as [string, string | undefined];
    const path = file === '' ? page : relative(ROOT, resolve(dirname(join(ROOT, page)), file));
    if (!existsSync(join(ROOT, path))) return WRITTEN_ELSEWHERE.has(path) ? [] : [`${page}: ${target} (no ${path})`];
    if (anchor !== undefined && path.endsWith('.md') && !anchors(read(path)).has(anchor))
      return [`${page}: ${target} (no heading #${anchor} in ${path})`];
    return [];
  });
}

describe('README and docs', () => {
  it.each(PAGES)('%s: its generated blocks are up to date (run npm run docs)', (page) => {
    expect(regenerateDoc(read(page))).toBe(read(page));
  });

  it('every generated block is on some page', () => {
    const all = PAGES.map(read).join('\n');
    for (const name of Object.keys(DOC_BLOCKS)) expect(all, name).toContain(`<!-- gen:${name} -->`);
  });

  it('the README documents every exit code and the test command, and stays a guide (about 300 lines)', () => {
    const readme = read('README.md');
    for (const code of [0, 1, 2, 3, 4, 5, 6, 7, 8, 130]) expect(readme).toMatch(new RegExp(`^\\| ${code} \\|`, 'm'));
    expect(readme).toContain('npm test');
    expect(readme.split('\n').length).toBeLessThanOrEqual(320);
  });

  it('the check finds a broken link and a missing heading (it can fail)', () => {
    expect(slug('Talking to a service')).toBe('talking-to-a-service');
    expect(slug('How a question’s line items are read')).toBe('how-a-questions-line-items-are-read');
    expect(slug('`filings corpus add`')).toBe('filings-corpus-add');
    expect(links('see [a](docs/a.md#b), `[x](y)`, [web](https://example.com)')).toEqual(['docs/a.md#b']);
  });

  it.each(PAGES)('%s: every link resolves, to its file and heading', (page) => {
    expect(brokenLinks(page)).toEqual([]);
  });

  it('the docs say how things are, not how they came to be', () => {
    const history = /\b(?:this stop|the previous stop|previous stop|before any of this work|the issue's figures)\b/i;
    for (const page of PAGES) expect(read(page), page).not.toMatch(history);
  });
});
