// An index holding the recorded company facts of AAPL, GOOGL and NVDA (../shared/edgar/companyfacts),
// written as a pull writes them, with the sample corpus's constituents (GOOG and GOOGL share a CIK).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { loadConstituents, parseCompanyFacts, writeCompanyFacts } from '../../src/engine/corpus-ingest.js';
import { decodeFacts } from '../../src/engine/xbrl/blocks.js';
import { edgarDir } from '../edgar/fixtures.js';
import { sampleCorpusDir } from '../helpers/sample.js';
import { tempDir } from '../helpers/tmp.js';

export const FACT_FILES: Record<string, string> = { AAPL: 'CIK0000320193.json', NVDA: 'CIK0001045810.json', GOOGL: 'CIK0001652044.json' };

export const factsFile = (ticker: string) => join(edgarDir(), 'companyfacts', FACT_FILES[ticker]!);

export const hasCompanyFacts = () => Object.keys(FACT_FILES).every((t) => existsSync(factsFile(t)));

export const constituentsPath = () => join(sampleCorpusDir(), 'constituents.csv');

/** Writes one recorded (or given) company facts body into the index at `indexPath`. */
export async function writeFacts(indexPath: string, ticker: string, body = readFileSync(factsFile(ticker))) {
  const constituents = existsSync(constituentsPath()) ? await loadConstituents(constituentsPath()) : new Map();
  return writeCompanyFacts(
    indexPath,
    {
      file: parseCompanyFacts(body.toString('utf8')),
      ticker,
      sourceBytes: body.length,
      sourceSha256: createHash('sha256').update(body).digest('hex'),
    },
    constituents,
  );
}

/** A new index in a temporary directory holding the three companies' facts. */
export async function factsIndex(): Promise<string> {
  const path = join(tempDir('filings-company-facts-'), 'index.sqlite');
  for (const t of Object.keys(FACT_FILES)) await writeFacts(path, t);
  return path;
}

/** The company's facts moved from their blocks into the table an index written before blocks holds
 * (`company_facts`, one row a fact), as that version wrote them. */
export function asRowsOfAnOlderIndex(db: Database.Database, cik: number): void {
  db.exec(`CREATE TABLE IF NOT EXISTS company_facts (
    cik INTEGER NOT NULL, concept INTEGER NOT NULL, unit TEXT NOT NULL, end INTEGER NOT NULL, start INTEGER NOT NULL,
    report INTEGER NOT NULL, value NUMERIC NOT NULL, PRIMARY KEY (cik, concept, unit, end, start, report)) WITHOUT ROWID`);
  const insert = db.prepare('INSERT INTO company_facts (cik, concept, unit, end, start, report, value) VALUES (?, ?, ?, ?, ?, ?, ?)');
  db.transaction(() => {
    for (const b of db.prepare('SELECT concept, data FROM fact_blocks WHERE cik = ?').all(cik) as { concept: number; data: Buffer }[])
      for (const f of decodeFacts(b.data)) insert.run(cik, b.concept, f.unit, f.end, f.start, f.report, f.value);
    db.prepare('DELETE FROM fact_blocks WHERE cik = ?').run(cik);
  })();
}
