// Expanding the paths given to `corpus add` into crawler files, and finding a constituents CSV beside them.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

export const FILING_FILE = /\.(?:json(?:\.gz)?|html?|txt)$/i;
// In a directory: EDGAR's index pages, rendered statement pages (R2.htm) and folder files
// (MetaLinks.json, index.json) are not filings, nor a .txt not named for its accession (a complete
// submission is {accession}.txt).
const NOT_A_FILING = /-index(?:-headers)?\.html?$|^R\d+\.htm$|^(?:MetaLinks|index)\.json$|^(?!.*\d{10}-\d{2}-\d{6}).*\.txt$/i;

export interface Discovered {
  files: string[];
  /** Paths that do not exist or hold no filing files, with the reason. */
  missing: { file: string; error: string }[];
}

function walk(dir: string, out: string[]): void {
  for (const name of readdirSync(dir).sort()) {
    if (name.startsWith('.')) continue;
    const p = join(dir, name);
    const st = statSync(p);
    if (st.isDirectory()) walk(p, out);
    else if (FILING_FILE.test(name) && !NOT_A_FILING.test(name)) out.push(p);
  }
}

export function discoverFiles(paths: string[]): Discovered {
  const files: string[] = [];
  const missing: Discovered['missing'] = [];
  for (const p of paths.map((x) => resolve(x))) {
    if (!existsSync(p)) {
      missing.push({ file: p, error: 'no such file or directory' });
      continue;
    }
    if (statSync(p).isDirectory()) {
      const found: string[] = [];
      walk(p, found);
      if (found.length === 0) missing.push({ file: p, error: 'no filings (.json, .json.gz, .htm, .html, .txt) in this directory' });
      files.push(...found);
    } else files.push(p);
  }
  return { files: [...new Set(files)], missing };
}

/** The default constituents file: `constituents.csv` in or beside the first directory given. */
export function defaultConstituents(paths: string[]): string | undefined {
  for (const p of paths.map((x) => resolve(x))) {
    const dir = existsSync(p) && statSync(p).isDirectory() ? p : dirname(p);
    for (const candidate of [join(dir, 'constituents.csv'), join(dirname(dir), 'constituents.csv')]) {
      if (existsSync(candidate)) return candidate;
    }
  }
  return undefined;
}

export function displayName(file: string): string {
  return basename(file);
}
