// The synthetic scale-up of the sample corpus (issue 14): copy 0 of each filing is the filing itself;
// copies 1..k-1 are the same text filed by other constituents (CIK, EDGAR name, ticker, sector), its
// years shifted by 1 to 9 and wrapped into the sample's decade (2014-2023), so that the index spans
// ten fiscal years as the whole S&P 500 does (20,000 filings: 500 companies x 10 years x 4 forms).
// The company's own name in the text becomes the new one's, and the text's years shift with the
// dates: the index is not just duplicates. Written to a temporary directory as <dir>/filings/*.json.gz
// and <dir>/constituents.csv.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { parseConstituents } from '../../dist/engine/filing/constituents.js';

const FIRST_YEAR = 2014;
const YEARS = 10;
const escapeRegExp = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Writes copies `from`..factor-1 of the sample under `out` (at most `limit` files); returns counts and
 * characters of text written. */
export function writeSyntheticCorpus(sampleDir, out, factor, onProgress, { from = 0, limit = Infinity } = {}) {
  const filingsOut = join(out, 'filings');
  mkdirSync(filingsOut, { recursive: true });
  copyFileSync(join(sampleDir, 'constituents.csv'), join(out, 'constituents.csv'));
  const constituents = parseConstituents(readFileSync(join(sampleDir, 'constituents.csv'), 'utf8'));
  const names = readdirSync(join(sampleDir, 'filings'))
    .filter((f) => f.endsWith('.json.gz'))
    .sort();
  const sampleCiks = [...new Set(names.map((n) => n.split('_')[0]))].sort();
  // Constituents with no filing in the sample, in a fixed order: the copies' companies.
  const others = [...constituents.values()].filter((c) => !sampleCiks.includes(c.cik)).sort((a, b) => a.symbol.localeCompare(b.symbol));
  let files = 0;
  let chars = 0;
  names.forEach((name, i) => {
    if (files >= limit) return;
    const raw = JSON.parse(gunzipSync(readFileSync(join(sampleDir, 'filings', name))).toString('utf8'));
    const own = constituents.get(raw.cik);
    const ci = sampleCiks.indexOf(raw.cik);
    for (let j = from; j < factor && files < limit; j++) {
      const copy = j === 0 ? raw : clone(raw, own, ci, j, factor, others, i);
      const [, form, year] = name.split('_');
      const file = j === 0 ? name : `${copy.cik}_${form}_${Number(year) + deltaOf(raw, ci, j, factor)}_${accessionOf(copy)}.json.gz`;
      writeFileSync(join(filingsOut, file), gzipSync(JSON.stringify(copy), { level: 1 }));
      files++;
      chars += copy.content.length;
      onProgress?.(files);
    }
  });
  return { files, chars };
}

const pairOf = (ci, j, factor) => ci * (factor - 1) + (j - 1);
/** Years added to a copy's dates: its period's year moved back 1 to 9 years, wrapped into the decade. */
function deltaOf(raw, ci, j, factor) {
  const y = Number(raw.period_of_report.slice(0, 4));
  const back = 1 + (pairOf(ci, j, factor) % (YEARS - 1));
  const moved = FIRST_YEAR + ((((y - FIRST_YEAR - back) % YEARS) + YEARS) % YEARS);
  return moved - y;
}
const accessionOf = (f) =>
  f.filing_html_index
    .split('/')
    .pop()
    .replace(/-index\.html$/, '');

function clone(raw, own, ci, j, factor, others, fileIndex) {
  const to = others[pairOf(ci, j, factor) % others.length];
  const delta = deltaOf(raw, ci, j, factor);
  const year = (y) => String(Number(y) + delta);
  // 29 February moved to a year without one is the 28th.
  const date = (d) => d.replace(/^\d{4}/, year).replace(/^(\d{4})-02-29$/, (m, y) => (Number(y) % 4 === 0 ? m : `${y}-02-28`));
  const seq = String(fileIndex * 100 + j).padStart(6, '0');
  const accession = `${to.cik.padStart(10, '0')}-${year(raw.filing_date.slice(0, 4)).slice(2)}-${seq}`;
  let content = raw.content.replace(/\b(19[5-9]\d|20[0-4]\d)\b/g, (y) => year(y));
  if (own?.security && own.security.length > 3)
    content = content.replace(new RegExp(`\\b${escapeRegExp(own.security)}\\b`, 'g'), to.security);
  const company = to.security.toUpperCase();
  return {
    ...raw,
    cik: to.cik,
    company,
    filing_date: date(raw.filing_date),
    period_of_report: date(raw.period_of_report),
    filing_html_index: `https://www.sec.gov/Archives/edgar/data/${to.cik}/${accession}-index.html`,
    htm_filing_link: `https://www.sec.gov/Archives/edgar/data/${to.cik}/${accession.replace(/-/g, '')}/synthetic.htm`,
    complete_text_filing_link: `https://www.sec.gov/Archives/edgar/data/${to.cik}/${accession}.txt`,
    filename: `${to.cik}_${raw.filing_type}_${accession}.htm`,
    content,
  };
}
