// Facts about the sample-corpus index built once by the global setup.
import { copyFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { CompanyLinker, LINKER_FORMAT } from '../../src/engine/companies/link.js';
import { corpusStats } from '../../src/engine/corpus.js';
import { KEY_10K_ITEMS, listFilings } from '../../src/engine/index/inspect.js';
import { openIndex } from '../../src/engine/index/open.js';
import { buildDirectory } from '../../src/engine/retrieve/directory.js';
import { sampleIndexPath } from '../helpers/sample.js';
import { tempDir } from '../helpers/tmp.js';

const ix = openIndex(sampleIndexPath());
afterAll(() => ix.close());
const filings = listFilings(ix);
const find = (pred: (f: (typeof filings)[number]) => boolean) => filings.filter(pred);

describe('sample corpus index', () => {
  it('holds 166 filings: 148 10-K, 13 10-Q, 5 8-K, all with a ticker and GICS fields', () => {
    const s = corpusStats(ix);
    expect(s.filings).toBe(166);
    expect(s.byForm).toEqual({ '10-K': 148, '10-Q': 13, '8-K': 5 });
    expect(filings.every((f) => f.sec_ticker && f.sec_gics_sector && f.sec_gics_sub_industry)).toBe(true);
  });

  it("knows 3M's FY-2018 10-K", () => {
    const [f] = find((f) => f.sec_ticker === 'MMM' && f.sec_fiscal_year === 'FY-2018');
    expect(f).toMatchObject({
      accession: '0001558370-19-000470',
      sec_form_type: '10-K',
      report_filing_date: '2019-02-07',
      sec_fiscal_year_end: '12-31',
      company: '3M CO',
      security_name: '3M',
      sec_gics_sector: 'Industrials',
      sec_gics_sub_industry: 'Industrial Conglomerates',
    });
    expect(f!.filing_html_index).toContain('sec.gov');
  });

  it("gives Apple's actual year end and keeps the nominal one", () => {
    const apple = find((f) => f.sec_ticker === 'AAPL');
    expect(apple.map((f) => [f.sec_fiscal_year, f.sec_fiscal_year_end]).sort()).toEqual([
      ['FY-2022', '09-24'],
      ['FY-2023', '09-30'],
    ]);
    expect(apple.map((f) => f.nominal_fiscal_year_end)).toContain('09-30');
  });

  it("labels Amcor's 10-Qs by its June year end and Walmart's January year end", () => {
    const amcr = find((f) => f.sec_ticker === 'AMCR' && f.sec_form_type === '10-Q');
    expect(amcr.map((f) => [f.period_of_report, f.sec_fiscal_year]).sort()).toEqual([
      ['2023-03-31', 'FY-2023'],
      ['2023-12-31', 'FY-2024'],
    ]);
    const wmt = find((f) => f.sec_ticker === 'WMT');
    expect(wmt.map((f) => [f.period_of_report, f.sec_fiscal_year, f.sec_fiscal_year_end]).sort()).toEqual([
      ['2018-01-31', 'FY-2018', '01-31'],
      ['2019-01-31', 'FY-2019', '01-31'],
      ['2020-01-31', 'FY-2020', '01-31'],
    ]);
  });

  it('finds items 1, 1A, 7 and 8 in at least 95% of 10-Ks, and no section swallows a 10-K', () => {
    const seg = corpusStats(ix).segmentation;
    expect(seg.tenKs).toBe(148);
    for (const t of KEY_10K_ITEMS) expect(seg.keyItemShares[t], t).toBeGreaterThanOrEqual(0.95);
    expect(seg.maxSectionShare10K.share).toBeLessThan(0.7);
  });

  it('keeps statements contiguous per filing and per section, in document order', () => {
    const bad: string[] = [];
    for (const f of ix.filings()) {
      const st = ix.statementRange(f.first_statement, f.last_statement);
      if (st.length !== f.statement_count || f.last_statement - f.first_statement + 1 !== f.statement_count) bad.push(f.accession);
      if (st.some((s, i) => s.filing_id !== f.id || s.ordinal !== i || s.id !== f.first_statement + i)) bad.push(`${f.accession} order`);
      for (const sec of ix.sections(f.id))
        if (
          st.slice(sec.first_statement - f.first_statement, sec.last_statement - f.first_statement + 1).some((s) => s.section_id !== sec.id)
        )
          bad.push(`${f.accession} ${sec.item_tag}`);
    }
    expect(bad).toEqual([]);
  });

  it('counts statements by kind and sections at ingest, as the statements themselves show', () => {
    const s = corpusStats(ix);
    const mmm = ix.filing('0001558370-19-000470')!;
    const kinds: Record<string, number> = {};
    for (const st of ix.statementRange(mmm.first_statement, mmm.last_statement)) kinds[st.kind] = (kinds[st.kind] ?? 0) + 1;
    expect(JSON.parse(mmm.stats).kinds).toEqual(kinds);
    expect(Object.values(s.statementsByKind).reduce((a, b) => a + b, 0)).toBe(s.statements);
  });
});

describe('what a reader opens with', () => {
  // The fields of a filing the directory holds without reading its row (index/filing-rows.ts).
  const LEAN = [
    'id',
    'accession',
    'cik',
    'company',
    'security_name',
    'sec_ticker',
    'sec_form_type',
    'sec_fiscal_year',
    'sec_fiscal_year_end',
    'nominal_fiscal_year_end',
    'period_of_report',
    'report_filing_date',
    'sec_gics_sector',
    'sec_gics_sub_industry',
    'first_statement',
    'last_statement',
    'shard',
    'fiscal_name_offset',
  ] as const;
  const lean = (rows: Record<string, unknown>[]) => rows.map((r) => Object.fromEntries(LEAN.map((k) => [k, r[k]])));

  it('has the directory snapshot: each filing as its row says, the rest of the row read when asked', () => {
    const rows = ix.filings() as unknown as Record<string, unknown>[];
    const dir = ix.directoryFilings() as unknown as Record<string, unknown>[];
    expect(lean(dir)).toEqual(lean(rows));
    expect(dir[0]!.source_file).toBe(rows[0]!.source_file);
  });

  it('reads a snapshot written before the company list was factored out (an array of rows under another key)', () => {
    const tmp = tempDir('filings-snapshot-');
    try {
      const copy = join(tmp, 'index.sqlite');
      copyFileSync(sampleIndexPath(), copy);
      const db = new Database(copy);
      const rows = db
        .prepare(`SELECT ${LEAN.join(', ')} FROM filings ORDER BY sec_ticker, report_filing_date, accession`)
        .raw()
        .all();
      db.prepare("DELETE FROM meta WHERE key = 'directory.2'").run();
      db.prepare("INSERT INTO meta (key, value) VALUES ('directory', ?)").run(JSON.stringify(rows));
      db.close();
      const old = openIndex(copy);
      expect(lean(old.directoryFilings() as unknown as Record<string, unknown>[])).toEqual(
        lean(ix.filings() as unknown as Record<string, unknown>[]),
      );
      old.close();
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });

  it("has the company linker's tables, made from its companies as a reader would make them", () => {
    const tables = ix.linkerTables();
    expect(tables?.format).toBe(LINKER_FORMAT);
    const made = buildDirectory(ix.directoryFilings(), ix.companies()).linker;
    expect(tables).toEqual(JSON.parse(JSON.stringify(made.tables())));
    const kept = CompanyLinker.fromTables(tables)!;
    for (const q of ['pepsi vs coke margins', "What is 3M's capex?", 'jnj and pfe', 'Lockheed Martin backlog'])
      expect(kept.link(q), q).toEqual(made.link(q));
  });
});

describe('retrieval helpers', () => {
  const mmm = ix.filing('0001558370-19-000470')!;
  // Row labels are indexed without their numbers: the label finds the row, the model holds the cells.
  const capex = (
    ix.db
      .prepare(`SELECT rowid AS id FROM fts_${mmm.shard} WHERE fts_${mmm.shard} MATCH ? AND rowid BETWEEN ? AND ? ORDER BY rank`)
      .all('label : "purchases of property plant and equipment"', mmm.first_statement, mmm.last_statement) as { id: number }[]
  ).map((r) => ix.statement(r.id)!) as { id: number; text: string; table_id: number; kind: string }[];
  const inCashFlow = () => capex.map((r) => ({ r, t: ix.table(r.table_id)! })).find(({ t }) => t?.model.statement === 'cash_flow')!;

  it("finds 3M's FY2018 capex row by its label, in the cash flow statement, with its years and unit", () => {
    const found = inCashFlow();
    expect(found, JSON.stringify(capex)).toBeDefined();
    const { r, t } = found;
    expect(r.text).toMatch(/^Purchases of property, plant and equipment \(PP&E\) \(1,577\) \(1,373\) \(1,420\)$/);
    const row = t.model.rows[t.rowIds.indexOf(r.id)]!;
    expect(row.cells.map((c) => c?.value)).toEqual([-1577, -1373, -1420]);
    expect(t.model.columns.map((c) => c.period?.fiscalYear)).toEqual([2018, 2017, 2016]);
    expect(t.model.unit?.scale).toBe(1e6);
  });

  it('reassembles the whole table and gives neighbours', () => {
    const { r, t } = inCashFlow();
    expect(t.model.caption).toContain('Consolidated Statement of Cash Flows');
    expect(t.model.rows.some((x) => x.label.startsWith('Net cash provided by (used in) operating activities'))).toBe(true);
    expect(t.rowIds).toContain(r.id);
    const n = ix.neighbours(r.id, 2, 2);
    expect(n.map((s) => s.id)).toEqual([r.id - 2, r.id - 1, r.id, r.id + 1, r.id + 2]);
    expect(ix.neighbours(mmm.first_statement, 3, 0).map((s) => s.id)).toEqual([mmm.first_statement]);
  });

  it('finds the primary statements of a filing, and tags them Item 8', () => {
    const types = ix.statementTables(mmm.id).map((t) => t.model.statement);
    expect(types).toEqual(expect.arrayContaining(['income', 'balance', 'cash_flow']));
    for (const t of ix.statementTables(mmm.id)) expect(ix.section(t.sectionId)!.item_tag).toBe('10K-Item-8');
  });
});
