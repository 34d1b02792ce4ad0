// The XBRL battery's filings: the recorded inline-XBRL 10-Ks and 10-Qs, prepared by the engine's
// functions (passed in, never imported here) and written to an index kept between runs.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** The recorded EDGAR material (read in place, never copied into the repository). */
export const edgarDir = () =>
  process.env.FILINGS_EDGAR_FIXTURES ? resolve(process.env.FILINGS_EDGAR_FIXTURES) : join(repoRoot, '..', 'shared', 'edgar');
export const hasEdgarFixtures = () => existsSync(join(edgarDir(), 'MANIFEST.tsv'));
const sampleCorpusDir = () =>
  process.env.FILINGS_SAMPLE_CORPUS ? resolve(process.env.FILINGS_SAMPLE_CORPUS) : join(repoRoot, '..', 'shared', 'corpus');

/**
 * The inline-XBRL 10-Ks and 10-Qs of the material: where, whose, and the period they report (the
 * key to their submissions row where one is recorded). `company` is the name an analyst uses.
 */
export const XBRL_FILINGS = [
  { file: 'primary/10-K/aapl-10-k-2024-11-01.html', ticker: 'AAPL', company: 'Apple', period: '2024-09-28' },
  { file: 'primary/10-K/amzn-10-k-2025-02-07.html', ticker: 'AMZN', company: 'Amazon', period: '2024-12-31' },
  { file: 'primary/10-K/adbe-10-k-2025-01-13.html', ticker: 'ADBE', company: 'Adobe', period: '2024-11-29' },
  { file: 'primary/10-K/jnj-10-k-2025-02-13.html', ticker: 'JNJ', company: 'Johnson & Johnson', period: '2024-12-29' },
  { file: 'primary/10-K/nke-10-k-2025-07-17.html', ticker: 'NKE', company: 'Nike', period: '2025-05-31' },
  { file: 'primary/10-K/wmt-10-k-2025-03-14.html', ticker: 'WMT', company: 'Walmart', period: '2025-01-31' },
  { file: 'primary/10-K/Nvidia.10-K.FY2023.html', ticker: 'NVDA', company: 'NVIDIA', period: '2023-01-29' },
  { file: 'primary/10-K/ibm-10-k-2025-02-25.html', ticker: 'IBM', company: 'IBM', period: '2024-12-31' },
  { file: 'primary/10-Q/aapl-10-q-2025-08-01.html', ticker: 'AAPL', company: 'Apple', period: '2025-06-28' },
  { file: 'primary/10-Q/nvda-10-q-2025-08-27.html', ticker: 'NVDA', company: 'NVIDIA', period: '2025-07-27' },
  { file: 'primary/10-Q/Oracle.10-Q.2024-08-31.html', ticker: 'ORCL', company: 'Oracle', period: '2024-08-31' },
];

/** A short name for a filing in tallies: "AAPL 10-K FY2024". */
export const filingName = (meta, ticker) => `${ticker} ${meta.sec_form_type} ${meta.sec_fiscal_year.replace('-', '')}`;

function cikOf(ticker, dir) {
  const file = join(dir, 'tickers', 'company_tickers.json');
  if (!existsSync(file)) return undefined;
  const row = Object.values(JSON.parse(readFileSync(file, 'utf8'))).find((r) => r.ticker === ticker);
  return row ? String(row.cik_str) : undefined;
}

function submissionRows(dir, cik) {
  const file = join(dir, 'submissions', `CIK${cik.padStart(10, '0')}.json`);
  if (!existsSync(file)) return [];
  const r = JSON.parse(readFileSync(file, 'utf8')).filings.recent;
  return r.accessionNumber.map((a, i) => ({
    accession: a,
    filingDate: r.filingDate[i],
    reportDate: r.reportDate[i],
    form: r.form[i],
    primaryDocument: r.primaryDocument[i],
  }));
}

/**
 * What a pull would know of a document (as test/edgar gives it): its submissions row where one is
 * recorded (the edgartools names are not EDGAR's; the row is found by form and period), else a
 * placeholder accession and the filing date of the edgartools name (the period end when the name
 * has none: Oracle's).
 */
export function hintsFor(spec, i, dir = edgarDir()) {
  const name = basename(spec.file);
  const form = spec.file.includes('/10-Q/') ? '10-Q' : '10-K';
  const cik = cikOf(spec.ticker, dir);
  const row = cik ? submissionRows(dir, cik).find((r) => r.form === form && r.reportDate === spec.period) : undefined;
  if (row)
    return {
      accession: row.accession,
      cik,
      form,
      filingDate: row.filingDate,
      reportDate: row.reportDate,
      primaryDocument: row.primaryDocument,
      sourceFile: name,
    };
  const filed = /^[a-z]+-10-[kq]-(\d{4}-\d{2}-\d{2})\.html?$/.exec(name)?.[1];
  const accession = `0000000000-${spec.period.slice(2, 4)}-${String(900000 + i).padStart(6, '0')}`;
  return { accession, cik, form, filingDate: filed ?? spec.period, reportDate: spec.period, sourceFile: name };
}

/** The constituents of the sample corpus (tickers, names, sectors), or none when it is absent. */
export async function loadXbrlConstituents(engine) {
  const file = join(sampleCorpusDir(), 'constituents.csv');
  return existsSync(file) ? engine.loadConstituents(file) : new Map();
}

/**
 * Every filing of XBRL_FILINGS present in the material, prepared by the engine's HTML ingest.
 * @param {{ prepareHtmlFiling: Function }} engine
 */
export function prepareXbrlFilings(engine, constituents, dir = edgarDir()) {
  const out = [];
  XBRL_FILINGS.forEach((spec, i) => {
    const path = join(dir, spec.file);
    if (!existsSync(path)) return;
    const prepared = engine.prepareHtmlFiling(readFileSync(path, 'utf8'), hintsFor(spec, i, dir), constituents);
    out.push({ spec, path, prepared, name: filingName(prepared.meta, spec.ticker) });
  });
  return out;
}

function filesUnder(dir, out = []) {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) filesUnder(p, out);
    else out.push(p);
  }
  return out;
}

/** The index's cache key: the code that shapes it (as test/global-setup.ts keys the sample index),
 * this file (the hints), the documents and the constituents. */
export function xbrlIndexKey(dir = edgarDir()) {
  const h = createHash('sha256');
  const code = [
    'src/engine/filing',
    'src/engine/ingest',
    'src/engine/segment',
    'src/engine/index',
    'src/engine/html',
    'src/engine/tables',
    'src/contract',
  ];
  for (const d of code) {
    const p = join(repoRoot, d);
    for (const f of existsSync(p) && statSync(p).isFile() ? [p] : filesUnder(p)) h.update(relative(repoRoot, f)).update(readFileSync(f));
  }
  h.update(readFileSync(fileURLToPath(import.meta.url)));
  for (const spec of XBRL_FILINGS) {
    const p = join(dir, spec.file);
    h.update(spec.file).update(existsSync(p) ? String(statSync(p).size) : 'absent');
  }
  const constituents = join(sampleCorpusDir(), 'constituents.csv');
  if (existsSync(constituents)) h.update(readFileSync(constituents));
  return h.digest('hex').slice(0, 16);
}

export const DAY_MS = 24 * 3600 * 1000;

/**
 * The index of the prepared filings, cached under .tmp/xbrl-index/<key>/index.sqlite (the write is
 * renamed into place, so a concurrent run never sees a partial one); caches of older code unused
 * for a day go.
 * @param {{ writeFilings: Function }} engine
 */
export async function ensureXbrlIndex(engine, filings, constituents, root = join(repoRoot, '.tmp', 'xbrl-index')) {
  const key = xbrlIndexKey();
  const indexPath = join(root, key, 'index.sqlite');
  if (!existsSync(indexPath)) {
    mkdirSync(join(root, key), { recursive: true });
    await engine.writeFilings(
      indexPath,
      filings.map((f) => f.prepared),
      constituents,
    );
  }
  for (const name of readdirSync(root)) {
    const p = join(root, name);
    if (name !== key && Date.now() - statSync(p).mtimeMs > DAY_MS) rmSync(p, { recursive: true, force: true });
  }
  return indexPath;
}
