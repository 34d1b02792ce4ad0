// Hostile filings (issue 44.2): a real filing with one pathological shape written into it, made in a
// temporary directory on demand (never committed). HTML shapes go into Apple's FY2024 10-K from the
// recorded EDGAR material (../shared/edgar, or FILINGS_EDGAR_FIXTURES), named with its accession so
// that `corpus add` reads it as a primary document (give it --filed 2024-11-01); crawler JSON shapes
// go into 3M's FY2018 10-K of the sample corpus (../shared/corpus, or FILINGS_SAMPLE_CORPUS), whose
// text is where a crawler writes a table's rows, one a line. Shared by bench/hostile-filings.js and
// the ingest tests.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sampleCorpusDir } from './sample.js';

const repoRoot = new URL('../..', import.meta.url).pathname;
export const edgarDir = () =>
  process.env.FILINGS_EDGAR_FIXTURES ? resolve(process.env.FILINGS_EDGAR_FIXTURES) : join(repoRoot, '..', 'shared', 'edgar');

/** The HTML base: Apple's 10-K for fiscal 2024, filed 2024-11-01. */
export const HTML_BASE = { file: 'primary/10-K/aapl-10-k-2024-11-01.html', accession: '0000320193-24-000123', filed: '2024-11-01' };
/** The crawler JSON base: 3M's 10-K for fiscal 2018. */
export const JSON_BASE = { file: 'filings/66740_10K_2018_0001558370-19-000470.json.gz', accession: '0001558370-19-000470' };

export const hasHtmlBase = () => existsSync(join(edgarDir(), HTML_BASE.file));

// A figure of four digits with a thousands separator, different for each row.
const figure = (i, k) => (((i * k) % 9000) + 1000).toLocaleString('en-US');
/** A label's letters, different for each row ("bcd"): labels are compared without their digits. */
const letters = (i) => {
  let s = '';
  for (let k = i + 1; k > 0; k = Math.floor((k - 1) / 26)) s = String.fromCharCode(97 + ((k - 1) % 26)) + s;
  return s;
};
const MB4 = 4 * 1024 * 1024;
/** Words without a sentence end: no full stop, no line break. */
const words = (chars) => 'revenue grew across segments and regions '.repeat(Math.ceil(chars / 41)).slice(0, chars);

/** Each shape: what it is, its default size, and the text it adds (HTML markup or crawler lines). */
export const SHAPES = {
  'html-table-rows': {
    kind: 'html',
    size: 200_000,
    what: (n) => `one table of ${n.toLocaleString('en-US')} rows`,
    make: (n) => {
      // As short as a row of a label and a figure can be, so that a million rows stay under the size cap.
      const rows = [];
      for (let i = 0; i < n; i++) rows.push(`<tr><td>a</td><td>${i % 10}</td></tr>`);
      return `<div><p>Schedule of product lines</p><table>${rows.join('')}</table></div>`;
    },
  },
  'html-nested-divs': {
    kind: 'html',
    size: 100_000,
    at: 'start',
    what: (n) => `${n.toLocaleString('en-US')} nested <div> elements`,
    make: (n) => `${'<div>'.repeat(n)}deep text${'</div>'.repeat(n)}`,
  },
  'html-unclosed-divs': {
    kind: 'html',
    size: 100_000,
    at: 'start',
    what: (n) => `${n.toLocaleString('en-US')} unclosed <div> elements`,
    make: (n) => `${'<div>'.repeat(n)}deep text`,
  },
  'html-nested-tables': {
    kind: 'html',
    size: 10_000,
    what: (n) => `${n.toLocaleString('en-US')} tables nested in one another`,
    make: (n) => `${'<table><tr><td>Net sales 1,234'.repeat(n)}${'</td></tr></table>'.repeat(n)}`,
  },
  'html-row-cells': {
    kind: 'html',
    size: 100_000,
    what: (n) => `a table row of ${n.toLocaleString('en-US')} cells`,
    make: (n) => {
      const cells = [];
      for (let i = 0; i < n; i++) cells.push(`<td>${figure(i, 7)}</td>`);
      return `<table><tr><td>Net sales</td>${cells.join('')}</tr><tr><td>Cost of sales</td>${cells.join('')}</tr></table>`;
    },
  },
  'html-cell-4mb': {
    kind: 'html',
    size: MB4,
    what: (n) => `a table cell of ${(n / 1024 / 1024).toFixed(0)} MB`,
    make: (n) => `<table><tr><td>${words(n)}</td><td>1,234</td></tr><tr><td>Cost of sales</td><td>567</td></tr></table>`,
  },
  'html-paragraph-4mb': {
    kind: 'html',
    size: MB4,
    what: (n) => `a paragraph of ${(n / 1024 / 1024).toFixed(0)} MB without a sentence end`,
    make: (n) => `<p>${words(n)}</p>`,
  },
  'html-headings': {
    kind: 'html',
    size: 100_000,
    what: (n) => `${n.toLocaleString('en-US')} item headings`,
    make: (n) => `<p><b>Item 7. Management's Discussion and Analysis</b></p><p>Net sales rose.</p>`.repeat(n),
  },
  'json-table-rows': {
    kind: 'json',
    size: 200_000,
    what: (n) => `one table of ${n.toLocaleString('en-US')} rows`,
    make: (n) => {
      const lines = ['Schedule of product lines', '(in millions)', '2018 2017'];
      for (let i = 0; i < n; i++) lines.push(`Line ${letters(i)} ${figure(i, 7)} ${figure(i, 11)}`);
      return lines.join('\n');
    },
  },
  'json-cell-lines': {
    kind: 'json',
    size: 200_000,
    what: (n) => `one table of ${n.toLocaleString('en-US')} rows written one cell a line`,
    make: (n) => {
      const lines = ['Schedule of product lines', '(in millions)'];
      for (let i = 0; i < n; i++) lines.push(`Line ${letters(i)}`, figure(i, 7));
      return lines.join('\n');
    },
  },
  'json-row-cells': {
    kind: 'json',
    size: 100_000,
    what: (n) => `a table line of ${n.toLocaleString('en-US')} cells`,
    make: (n) => {
      const cells = [];
      for (let i = 0; i < n; i++) cells.push(figure(i, 7));
      return `Net sales ${cells.join(' ')}\nCost of sales ${cells.join(' ')}`;
    },
  },
  'json-line-4mb': {
    kind: 'json',
    size: MB4,
    what: (n) => `a line of ${(n / 1024 / 1024).toFixed(0)} MB without a sentence end`,
    make: (n) => words(n),
  },
  'json-headings': {
    kind: 'json',
    size: 100_000,
    what: (n) => `${n.toLocaleString('en-US')} item headings`,
    // (Each after a sentence: lines without prose between them are one run, refused past its limit.)
    make: (n) =>
      "Item 7. Management's Discussion and Analysis\nNet sales rose in the year as more customers bought our products in every region.\n".repeat(
        n,
      ),
  },
  'json-short-lines': {
    kind: 'json',
    size: 200_000,
    what: (n) => `${n.toLocaleString('en-US')} short lines without prose between them`,
    make: (n) => 'Segment results\n'.repeat(n),
  },
  'json-row-cell-lines': {
    kind: 'json',
    size: 20_000,
    what: (n) => `a table row of ${n.toLocaleString('en-US')} cells written one cell a line`,
    make: (n) => {
      const lines = ['Net sales'];
      for (let i = 0; i < n; i++) lines.push(figure(i, 7));
      return lines.join('\n');
    },
  },
};

let htmlBase;
let jsonBase;

/** The hostile filing of `shape` at `size` (its default when omitted), written into `dir`: its path,
 * and the accession it is filed under. */
export function writeHostileFiling(dir, shape, size) {
  const s = SHAPES[shape];
  if (!s) throw new Error(`no hostile shape ${shape}: ${Object.keys(SHAPES).join(', ')}`);
  const n = size ?? s.size;
  const added = s.make(n);
  if (s.kind === 'html') {
    htmlBase ??= readFileSync(join(edgarDir(), HTML_BASE.file), 'utf8');
    // At the start of the body (where a parser carries it through the whole document) or at its end.
    const at = s.at === 'start' ? htmlBase.indexOf('>', htmlBase.search(/<body\b/i)) + 1 : htmlBase.lastIndexOf('</body>');
    const path = join(dir, `${HTML_BASE.accession}-${shape}-${n}.htm`);
    writeFileSync(path, htmlBase.slice(0, at) + added + htmlBase.slice(at));
    return { path, accession: HTML_BASE.accession };
  }
  jsonBase ??= JSON.parse(gunzipSync(readFileSync(join(sampleCorpusDir(), JSON_BASE.file))).toString('utf8'));
  // After the first lines of Item 7, between two lines.
  const c = jsonBase.content;
  const at = c.indexOf('\n', c.search(/Item 7\./) + 2000);
  const path = join(dir, `${JSON_BASE.accession}-${shape}-${n}.json`);
  writeFileSync(path, JSON.stringify({ ...jsonBase, content: `${c.slice(0, at)}\n${added}\n${c.slice(at)}` }));
  return { path, accession: JSON_BASE.accession };
}

/** What a shape is, in words, at a size. */
export const describeShape = (shape, size) => SHAPES[shape].what(size ?? SHAPES[shape].size);
