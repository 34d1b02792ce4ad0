// Where the recorded EDGAR material is (../shared/edgar or FILINGS_EDGAR_FIXTURES), and which EDGAR
// address each file answers: edgartools' own names (aapl-10-k-2024-11-01.html) are mapped to EDGAR's
// primaryDocument (aapl-20240928.htm) through the submissions JSON, as EDGAR would serve them.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { repoRoot } from '../helpers/sample.js';

export const edgarDir = (): string =>
  process.env.FILINGS_EDGAR_FIXTURES ? resolve(process.env.FILINGS_EDGAR_FIXTURES) : join(repoRoot, '..', 'shared', 'edgar');

export const hasFixtures = (): boolean => existsSync(join(edgarDir(), 'MANIFEST.tsv'));

/** The title of tests that need the recorded material: where it is missing, saying so (in the title
 * of the tests it skips, and once on stderr), as every test that skips says why. */
export function needsFixtures(title: string, present = hasFixtures()): string {
  if (present) return title;
  const why = `${title} (skipped: no recorded EDGAR material at ${edgarDir()}; put ../shared/edgar beside the clone or set FILINGS_EDGAR_FIXTURES)`;
  console.warn(why);
  return why;
}

export interface Row {
  accessionNumber: string;
  filingDate: string;
  reportDate: string;
  form: string;
  primaryDocument: string;
}

export function submissionRows(cik: string): Row[] {
  const file = join(edgarDir(), 'submissions', `CIK${cik.padStart(10, '0')}.json`);
  const j = JSON.parse(readFileSync(file, 'utf8')) as { filings: { recent: Record<string, string[]> } };
  const r = j.filings.recent;
  return r.accessionNumber!.map((a, i) => ({
    accessionNumber: a,
    filingDate: r.filingDate![i]!,
    reportDate: r.reportDate![i]!,
    form: r.form![i]!,
    primaryDocument: r.primaryDocument![i]!,
  }));
}

export const CIKS: Record<string, string> = { aapl: '320193', nvda: '1045810', msft: '789019', tsla: '1318605' };

/** One EDGAR path (on www.sec.gov) and the local file that answers it. */
export interface Served {
  path: string;
  file: string;
  cik: string;
  accession: string;
  form: string;
}

/** Every recorded document, at the EDGAR path it is served from. */
export function archiveMap(): Served[] {
  const dir = edgarDir();
  const out: Served[] = [];
  const add = (cik: string, accession: string, name: string, file: string, form: string) =>
    out.push({ path: `/Archives/edgar/data/${cik}/${accession.replace(/-/g, '')}/${name}`, file, cik, accession, form });
  // primary/10-K and 10-Q: map through the submissions JSON where the company's is recorded.
  for (const form of ['10-K', '10-Q']) {
    for (const name of readdirSync(join(dir, 'primary', form))) {
      const file = join(dir, 'primary', form, name);
      let m = /^([a-z]+)-10-[kq]-(\d{4}-\d{2}-\d{2})\.html$/.exec(name);
      let row: Row | undefined;
      let cik: string | undefined;
      if (m && CIKS[m[1]!]) {
        cik = CIKS[m[1]!]!;
        row = submissionRows(cik).find((r) => r.form === form && r.filingDate === m![2]);
      } else if ((m = /^Nvidia\.10-K\.FY2023\.html$/.exec(name))) {
        cik = CIKS.nvda!;
        row = submissionRows(cik).find((r) => r.form === '10-K' && r.reportDate === '2023-01-29');
      }
      if (cik && row) add(cik, row.accessionNumber, row.primaryDocument, file, form);
    }
  }
  for (const name of readdirSync(join(dir, 'primary', '8-K'))) {
    const m = /^(\d+)_(\d{10}-\d{2}-\d{6})_(.+)$/.exec(name);
    if (m) add(m[1]!, m[2]!, m[3]!, join(dir, 'primary', '8-K', name), '8-K');
  }
  const fd = join(dir, 'filing-dir');
  for (const folder of readdirSync(fd)) {
    const m = /_(\d{10}-\d{2}-\d{6})$/.exec(folder);
    if (!m) continue;
    for (const name of readdirSync(join(fd, folder))) add(CIKS.aapl!, m[1]!, name, join(fd, folder, name), '10-Q');
  }
  // Filing index pages, where EDGAR serves them.
  for (const name of readdirSync(join(dir, 'index'))) {
    const m = /^(\d+)_(\d{10}-\d{2}-\d{6})-index\.html$/.exec(name);
    if (m) add(m[1]!, m[2]!, `${m[2]}-index.html`, join(dir, 'index', name), 'index');
  }
  for (const name of readdirSync(join(dir, 'full-submission'))) {
    const m = /^(\d+)_(\d{10}-\d{2}-\d{6})\.txt$/.exec(name);
    if (!m) continue;
    const file = join(dir, 'full-submission', name);
    add(m[1]!, m[2]!, `${m[2]}.txt`, file, 'txt');
    out.push({ path: `/Archives/edgar/data/${m[1]}/${m[2]}.txt`, file, cik: m[1]!, accession: m[2]!, form: 'txt' });
  }
  return out;
}

/** Every file of ../shared/edgar/primary (and the filing folder's primary document) with its kind. */
export function primaryDocuments(): { file: string; form: string; name: string }[] {
  const dir = edgarDir();
  const out: { file: string; form: string; name: string }[] = [];
  for (const form of ['10-K', '10-Q', '8-K'])
    for (const name of readdirSync(join(dir, 'primary', form)).sort()) out.push({ file: join(dir, 'primary', form, name), form, name });
  out.push({
    file: join(dir, 'filing-dir', 'aapl-10q-2025-03-29_0000320193-25-000057', 'aapl-20250329.htm'),
    form: '10-Q',
    name: 'aapl-20250329.htm',
  });
  return out;
}
