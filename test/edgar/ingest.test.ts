// HTML / inline-XBRL ingest on every recorded EDGAR document: metadata (checked against dei facts and
// the corpus' fiscal-year rule), items found with sizes in a sensible band, the primary statements as
// tables with columns and periods, and facts: exactly as many as the document's ix:nonFraction tags.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EIGHT_K_ITEM_TITLES } from '../../src/contract/item-tags.js';
import type { PreparedFiling } from '../../src/engine/filing/prepared.js';
import { prepareHtmlFiling, prepareSubmissionFiling, type FilingHints } from '../../src/engine/html/ingest.js';
import { archiveMap, edgarDir, hasFixtures, needsFixtures, primaryDocuments, submissionRows } from './fixtures.js';

const read = (f: string) => readFileSync(f, 'utf8');
const nonFractionTags = (html: string) => (html.match(/<ix:nonFraction\b/g) ?? []).length;
const share = (p: PreparedFiling, tag: string) =>
  p.sections.filter((s) => s.item_tag === tag).reduce((n, s) => n + s.end_char - s.start_char, 0) / p.content_chars;

/** What a pull would know of a document: its submissions row where recorded, else its own name. */
function hintsFor(file: string, name: string): FilingHints {
  const served = archiveMap().find((s) => s.file === file);
  if (served && existsSync(join(edgarDir(), 'submissions', `CIK${served.cik.padStart(10, '0')}.json`))) {
    const row = submissionRows(served.cik).find((r) => r.accessionNumber === served.accession);
    if (row)
      return {
        accession: row.accessionNumber,
        cik: served.cik,
        form: row.form,
        filingDate: row.filingDate,
        reportDate: row.reportDate,
        primaryDocument: row.primaryDocument,
        sourceFile: name,
      };
  }
  const acc = /(\d{10}-\d{2}-\d{6})/.exec(file)?.[1];
  if (acc) {
    // The complete submission beside it tells the filing date and the period (old 8-Ks have no dei).
    try {
      const sgml = read(join(edgarDir(), 'full-submission', `${/^(\d+)_/.exec(name)?.[1]}_${acc}.txt`)).slice(0, 5000);
      const date = (k: string) =>
        /(\d{4})(\d{2})(\d{2})/
          .exec(new RegExp(`${k}:\\s*(\\d{8})`).exec(sgml)?.[1] ?? '')
          ?.slice(1)
          .join('-');
      return {
        accession: acc,
        filingDate: date('FILED AS OF DATE'),
        reportDate: date('CONFORMED PERIOD OF REPORT'),
        cik: /CENTRAL INDEX KEY:\s*(\d+)/.exec(sgml)?.[1],
        sourceFile: name,
      };
    } catch {
      return { accession: acc, filingDate: '2000-01-01', sourceFile: name };
    }
  }
  return { accession: '0000000000-00-000000', filingDate: '2000-01-01', sourceFile: name };
}

interface Expect {
  cik: string;
  form: string;
  fy: string;
  fye: string;
  period: string;
}

const EXPECTED: Record<string, Expect> = {
  'aapl-10-k-2024-11-01.html': { cik: '320193', form: '10-K', fy: 'FY-2024', fye: '09-28', period: '2024-09-28' },
  'amzn-10-k-2025-02-07.html': { cik: '1018724', form: '10-K', fy: 'FY-2024', fye: '12-31', period: '2024-12-31' },
  'adbe-10-k-2025-01-13.html': { cik: '796343', form: '10-K', fy: 'FY-2024', fye: '11-29', period: '2024-11-29' },
  'jnj-10-k-2025-02-13.html': { cik: '200406', form: '10-K', fy: 'FY-2024', fye: '12-29', period: '2024-12-29' },
  'nke-10-k-2025-07-17.html': { cik: '320187', form: '10-K', fy: 'FY-2025', fye: '05-31', period: '2025-05-31' },
  'wmt-10-k-2025-03-14.html': { cik: '104169', form: '10-K', fy: 'FY-2025', fye: '01-31', period: '2025-01-31' },
  'ibm-10-k-2025-02-25.html': { cik: '51143', form: '10-K', fy: 'FY-2024', fye: '12-31', period: '2024-12-31' },
  'Nvidia.10-K.FY2023.html': { cik: '1045810', form: '10-K', fy: 'FY-2023', fye: '01-29', period: '2023-01-29' },
  'aapl-10-q-2025-08-01.html': { cik: '320193', form: '10-Q', fy: 'FY-2025', fye: '09-27', period: '2025-06-28' },
  'nvda-10-q-2025-08-27.html': { cik: '1045810', form: '10-Q', fy: 'FY-2026', fye: '01-25', period: '2025-07-27' },
  'Oracle.10-Q.2024-08-31.html': { cik: '1341439', form: '10-Q', fy: 'FY-2025', fye: '05-31', period: '2024-08-31' },
  'aapl-20250329.htm': { cik: '320193', form: '10-Q', fy: 'FY-2025', fye: '09-27', period: '2025-03-29' },
};

describe.skipIf(!hasFixtures())(needsFixtures('HTML / inline-XBRL ingest of every recorded document'), () => {
  const docs = hasFixtures() ? primaryDocuments() : [];
  const prepared = new Map<string, PreparedFiling>();
  const get = (name: string) => {
    const d = docs.find((x) => x.name === name)!;
    if (!prepared.has(name)) prepared.set(name, prepareHtmlFiling(read(d.file), hintsFor(d.file, d.name), new Map()));
    return prepared.get(name)!;
  };

  it.each(docs.map((d) => [d.name, d] as const))('%s: every ix:nonFraction is a fact, with its context', (name, d) => {
    const p = get(name);
    expect(p.facts.length).toBe(nonFractionTags(read(d.file)));
    for (const f of p.facts) {
      expect(f.concept).toMatch(/^[\w-]+:[\w.-]+$/);
      expect(f.end).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      if (!f.instant) expect(f.start).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    // Nearly every visible fact in a table is linked to the cell that shows it.
    const inTables = p.facts.filter((f) => f.table !== undefined && f.column !== undefined);
    for (const f of inTables) {
      const cell = p.tables[f.table!]!.rows[f.row!]!.cells[f.column!];
      expect(cell, `${f.concept} in table ${f.table}`).toBeTruthy();
      if (f.value !== null && cell!.value !== null && !cell!.percent && f.unit === 'usd') {
        // The cell shows the fact's value at the table's scale (or at the fact's own).
        const shown = Math.abs(cell!.value);
        const ratio = Math.abs(f.value) / (shown || 1);
        expect(
          [1, 1e3, 1e6, 1e9].some((s) => Math.abs(ratio / s - 1) < 0.02) || shown === 0,
          `${f.concept} ${f.value} vs ${cell!.text}`,
        ).toBe(true);
      }
    }
  });

  it.each(Object.entries(EXPECTED))('%s: metadata', (name, e) => {
    const m = get(name).meta;
    expect([m.cik, m.sec_form_type, m.sec_fiscal_year, m.sec_fiscal_year_end, m.period_of_report]).toEqual([
      e.cik,
      e.form,
      e.fy,
      e.fye,
      e.period,
    ]);
    expect(m.company).not.toBe('');
  });

  it.each(Object.keys(EXPECTED).filter((n) => EXPECTED[n]!.form === '10-K' && !n.startsWith('ibm')))(
    '%s: items 1, 1A, 7, 7A, 8, 9A in sensible sizes; primary statements',
    (name) => {
      const p = get(name);
      const tags = p.sections.map((s) => s.item_tag);
      for (const t of ['10K-Cover', '10K-Item-1', '10K-Item-1A', '10K-Item-7', '10K-Item-7A', '10K-Item-8', '10K-Item-9A', '10K-Item-15'])
        expect(tags).toContain(t);
      expect(share(p, '10K-Item-1')).toBeGreaterThan(0.03);
      expect(share(p, '10K-Item-1A')).toBeGreaterThan(0.08);
      expect(share(p, '10K-Item-1A')).toBeLessThan(0.4);
      expect(share(p, '10K-Item-7')).toBeGreaterThan(0.05);
      expect(share(p, '10K-Item-7')).toBeLessThan(0.35);
      expect(share(p, '10K-Item-8')).toBeGreaterThan(0.25);
      expect(share(p, '10K-Item-8')).toBeLessThan(0.6);
      expect(Math.max(...p.sections.map((s) => (s.end_char - s.start_char) / p.content_chars))).toBeLessThan(0.6);
      const types = new Set(p.tables.filter((t) => t.statement).map((t) => t.statement));
      for (const t of ['income', 'balance', 'cash_flow'] as const) expect(types, t).toContain(t);
      // The statements sit in Item 8, with their periods read from XBRL contexts.
      for (const t of p.tables.filter((x) => x.statement === 'income')) {
        expect(p.sections[t.section]!.item_tag).toBe('10K-Item-8');
        expect(t.columns.length).toBeGreaterThanOrEqual(2);
        expect(t.columns.every((c) => c.period?.kind === 'duration' && c.period.months === 12 && !c.inferred)).toBe(true);
        // Newest first or, as Amazon prints them, oldest first: the filing's own year is one of them.
        expect(Math.max(...t.columns.map((c) => c.period!.fiscalYear))).toBe(Number(p.meta.sec_fiscal_year.slice(3)));
      }
    },
  );

  it('Apple FY2024: the income statement as a table model, the revenue fact in its cell', () => {
    const p = get('aapl-10-k-2024-11-01.html');
    const t = p.tables.find((x) => x.statement === 'income')!;
    expect(t.caption).toMatch(/^CONSOLIDATED STATEMENTS OF OPERATIONS/);
    expect(t.unit).toMatchObject({ scale: 1e6, currency: 'USD', exceptPerShare: true });
    expect(t.columns.map((c) => [c.period?.fiscalYear, c.period?.end])).toEqual([
      [2024, '2024-09-28'],
      [2023, '2023-09-30'],
      [2022, '2022-09-24'],
    ]);
    const total = t.rows.find((r) => r.label === 'Total net sales')!;
    expect(total.kind).toBe('total');
    expect(total.group).toBe('Net sales');
    expect(total.cells.map((c) => c?.value)).toEqual([391035, 383285, 394328]);
    expect(total.cells[0]!.concept).toBe('us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax');
    const rd = t.rows.find((r) => r.label === 'Research and development')!;
    expect([rd.kind, rd.group, rd.cells[0]?.text]).toEqual(['data', 'Operating expenses', '31,370']);
    const eps = t.rows.find((r) => r.label === 'Diluted' && r.group === 'Earnings per share')!;
    expect(eps.cells[0]).toMatchObject({ text: '$6.08', value: 6.08 });
    const row = t.rows.indexOf(total);
    const fact = p.facts.find((f) => f.table === p.tables.indexOf(t) && f.row === row && f.column === 0)!;
    expect(fact).toMatchObject({
      concept: 'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax',
      value: 391035e6,
      unit: 'usd',
      decimals: -6,
      start: '2023-10-01',
      end: '2024-09-28',
      instant: false,
      dimensions: {},
    });
    // Statements point at the table and row.
    const st = p.sections.flatMap((s) => s.statements).find((s) => s.kind === 'row' && s.table === p.tables.indexOf(t) && s.row === row)!;
    expect(st.text).toBe('Total net sales 391,035 383,285 394,328');
  });

  it('percent cells and negative values are merged into their values; balance sheet columns are as-of dates', () => {
    const p = get('aapl-10-k-2024-11-01.html');
    const bs = p.tables.find((t) => t.statement === 'balance')!;
    expect(bs.columns.map((c) => c.period)).toEqual([
      { kind: 'instant', fiscalYear: 2024, end: '2024-09-28' },
      { kind: 'instant', fiscalYear: 2023, end: '2023-09-30' },
    ]);
    expect(bs.rows.find((r) => r.label === 'Accumulated deficit')!.cells.map((c) => c?.value)).toEqual([-19154, -214]);
    const pct = p.tables
      .flatMap((t) => t.rows)
      .flatMap((r) => r.cells)
      .find((c) => c?.percent && c.text.startsWith('('))!;
    expect(pct.value).toBeLessThan(0);
    expect(pct.text).toMatch(/^\(\d+(?:\.\d+)?\)%$/);
  });

  it('a 10-Q: parts, quarter columns from contexts, fiscal year by the company year end', () => {
    const p = get('nvda-10-q-2025-08-27.html');
    const tags = p.sections.map((s) => s.item_tag);
    for (const t of ['10Q-Part1-Item-1', '10Q-Part1-Item-2', '10Q-Part1-Item-4', '10Q-Part2-Item-1A', '10Q-Part2-Item-6'])
      expect(tags).toContain(t);
    expect(share(p, '10Q-Part1-Item-1')).toBeGreaterThan(0.2);
    expect(share(p, '10Q-Part1-Item-2')).toBeGreaterThan(0.1);
    const income = p.tables.find((t) => t.statement === 'income')!;
    expect(income.columns.map((c) => [c.period?.months, c.period?.fiscalYear, c.period?.quarter])).toEqual([
      [3, 2026, 2],
      [3, 2025, 2],
      [6, 2026, undefined],
      [6, 2025, undefined],
    ]);
    expect(income.rows.find((r) => /^revenue$/i.test(r.label))!.cells[0]!.value).toBe(46743);
  });

  it('IBM: Items 7 and 8 are pointers to the annual report, said so, with no figures of their own', () => {
    const p = get('ibm-10-k-2025-02-25.html');
    for (const tag of ['10K-Item-7', '10K-Item-8']) {
      const s = p.sections.find((x) => x.item_tag === tag)!;
      expect(s.title).toMatch(/incorporated by reference/);
      expect(s.end_char - s.start_char).toBeLessThan(1500);
      expect(s.statements.some((st) => /not in this document; incorporated by reference/.test(st.text))).toBe(true);
      expect(s.statements.some((st) => /Annual Report to Stockholders/.test(st.text))).toBe(true);
      expect(p.tables.some((t) => t.section === s.ordinal)).toBe(false);
    }
    expect(p.tables.some((t) => t.statement)).toBe(false);
    expect(p.facts).toHaveLength(62);
  });

  it('fiscal-year naming: NVIDIA and Walmart name a year by the year it ends, as the index does', () => {
    // Their own text or dei:DocumentFiscalYearFocus: offset 0, not null.
    for (const name of ['Nvidia.10-K.FY2023.html', 'nvda-10-q-2025-08-27.html', 'wmt-10-k-2025-03-14.html', 'aapl-10-k-2024-11-01.html']) {
      expect([name, get(name).meta.fiscal_name_offset]).toEqual([name, 0]);
    }
  });

  it('NVIDIA FY2023: statements printed after Item 15 are Item 8', () => {
    const p = get('Nvidia.10-K.FY2023.html');
    const income = p.tables.find((t) => t.statement === 'income')!;
    expect(p.sections[income.section]!.item_tag).toBe('10K-Item-8');
    const rev = income.rows.find((r) => /^revenue$/i.test(r.label))!;
    expect(rev.cells.map((c) => c?.value)).toEqual([26974, 26914, 16675]);
  });

  it.each(docs.filter((d) => d.form === '8-K').map((d) => [d.name, d] as const))('%s: 8-K items as its SGML header lists them', (name) => {
    const p = get(name);
    expect(p.meta.sec_form_type).toBe('8-K');
    const found = p.sections.map((s) => s.item_tag).filter((t) => t !== '8K-Cover');
    const acc = /(\d{10}-\d{2}-\d{6})/.exec(name)![1];
    const txt = primarySubmission(acc!);
    if (!txt) return;
    const listed = [...txt.matchAll(/ITEM INFORMATION:\s*(.+)/g)].map(
      (m) => Object.entries(EIGHT_K_ITEM_TITLES).find(([, t]) => m[1]!.trim().toLowerCase().startsWith(t.toLowerCase()))?.[0],
    );
    expect(listed).not.toContain(undefined);
    for (const n of listed) expect(found).toContain(`8K-Item-${n}`);
    for (const t of found) expect([...listed.map((n) => `8K-Item-${n}`), '8K-Item-9.01']).toContain(t);
  });

  it.each(
    (hasFixtures() ? archiveMap() : [])
      .filter((s) => s.form === 'txt' && s.path.split('/').length === 7)
      .map((s) => [s.file.split('/').pop()!, s] as const),
  )('%s: a complete submission, metadata from its SGML header', (_n, s) => {
    const text = readFileSync(s.file, 'latin1');
    const p = prepareSubmissionFiling(text, { sourceFile: s.file }, new Map());
    expect(p.meta.accession).toBe(s.accession);
    expect(p.meta.cik).toBe(s.cik);
    expect(p.meta.report_filing_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(p.meta.nominal_fiscal_year_end).toMatch(/^\d{2}-\d{2}$/);
    expect(p.sections.length).toBeGreaterThan(1);
    expect(p.facts.length).toBe(nonFractionTags(text));
  });

  it('checks the filer against the cover: any registrant of a multi-registrant filing, no other', () => {
    const file = join(edgarDir(), 'primary', '8-K', '92122_0000092122-19-000063_soga8-kpscdecision12x19.htm');
    const hints = { accession: '0000092122-19-000063', filingDate: '2019-12-17', form: '8-K', sourceFile: 'x.htm' };
    // Georgia Power (CIK 41091) is a registrant of Southern Company's 8-K.
    expect(prepareHtmlFiling(read(file), { ...hints, cik: '41091' }, new Map()).meta.cik).toBe('41091');
    expect(() => prepareHtmlFiling(read(file), { ...hints, cik: '320193' }, new Map())).toThrow(
      /the document is CIK 92122's, not CIK 320193's/,
    );
    const aapl = join(edgarDir(), 'primary', '10-K', 'aapl-10-k-2024-11-01.html');
    expect(() =>
      prepareHtmlFiling(
        read(aapl),
        { accession: '0000320193-24-000123', filingDate: '2024-11-01', form: '10-Q', sourceFile: 'x' },
        new Map(),
      ),
    ).toThrow(/says it is a 10-K/);
    expect(() =>
      prepareHtmlFiling(
        read(aapl),
        { accession: '0000320193-24-000123', filingDate: '2024-11-01', reportDate: '2023-09-30', sourceFile: 'x' },
        new Map(),
      ),
    ).toThrow(/period ends 2024-09-28/);
  });

  it("Apple's 8-K from its complete submission: the press release's tables come with it, Q1 FY2024", () => {
    const file = archiveMap().find((s) => s.accession === '0000320193-24-000005' && s.form === 'txt')!.file;
    const p = prepareSubmissionFiling(readFileSync(file, 'latin1'), { sourceFile: 'x.txt' }, new Map());
    expect(p.meta.sec_fiscal_year).toBe('FY-2024');
    const rows = p.tables.flatMap((t) => t.rows);
    expect(rows.find((r) => /^total net sales$/i.test(r.label))?.cells[0]?.value).toBe(119575);
  });

  it("Apple's 2000 10-Q in plain text: parts and items from the text", () => {
    const file = archiveMap().find((s) => s.accession === '0000912057-00-023442' && s.form === 'txt')!.file;
    const p = prepareSubmissionFiling(readFileSync(file, 'latin1'), { sourceFile: 'x.txt' }, new Map());
    expect([p.meta.sec_form_type, p.meta.sec_fiscal_year, p.meta.period_of_report]).toEqual(['10-Q', 'FY-2000', '2000-04-01']);
    const tags = p.sections.map((s) => s.item_tag);
    expect(tags).toEqual(expect.arrayContaining(['10Q-Part1-Item-1', '10Q-Part1-Item-2', '10Q-Part2-Item-6']));
  });
});

function primarySubmission(accession: string): string | undefined {
  const s = archiveMap().find((x) => x.accession === accession && x.form === 'txt');
  return s ? readFileSync(s.file, 'latin1').slice(0, 6000) : undefined;
}
