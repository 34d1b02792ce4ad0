// The pure parts of pull and ingest, each on its own: rate limiter (virtual clock), plan, tickers,
// User-Agent, cache paths and freshness, cell merging, column periods, the SGML header.
import { readFileSync, rmSync, utimesSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EdgarCache, cachePath } from '../../src/edgar/cache.js';
import type { EdgarClient } from '../../src/edgar/client.js';
import { isBlockPage } from '../../src/edgar/client.js';
import { edgarHosts } from '../../src/edgar/hosts.js';
import { pagesNeeded, parseYears, planFilings } from '../../src/edgar/plan.js';
import { RateLimiter } from '../../src/edgar/rate-limit.js';
import { parseSubmissions } from '../../src/edgar/submissions.js';
import { parseCompanyTickers, resolveTicker } from '../../src/edgar/tickers.js';
import { checkUserAgent } from '../../src/edgar/user-agent.js';
import { parseConstituents } from '../../src/engine/filing/constituents.js';
import { fiscalYearOf } from '../../src/engine/filing/fiscal.js';
import { periodFromHeader, quarterOf } from '../../src/engine/html/periods.js';
import { rowUnits } from '../../src/engine/html/row-units.js';
import { parseSgmlHeader } from '../../src/engine/html/sgml.js';
import type { RawCell } from '../../src/engine/html/types.js';
import { buildFact, readIxNumber } from '../../src/engine/html/xbrl.js';
import { parseDocument } from '../../src/engine/html/dom.js';
import { pageFurniture } from '../../src/engine/html/furniture.js';
import { parseFiscalYearEnd } from '../../src/engine/html/meta.js';
import { edgarDir, hasFixtures, needsFixtures } from './fixtures.js';
import { tempDir } from '../helpers/tmp.js';

const hosts = edgarHosts({});

describe('rate limiter', () => {
  it('lets 8 requests start in any 1.1 s window and no more, in order, spaced evenly', async () => {
    let now = 0;
    const limiter = new RateLimiter(
      8,
      1100,
      () => now,
      async (ms) => void (now += ms),
    );
    const starts: number[] = [];
    for (let i = 0; i < 30; i++) {
      await limiter.acquire();
      starts.push(now);
    }
    for (let i = 0; i + 8 < starts.length; i++) expect(starts[i + 8]! - starts[i]!).toBeGreaterThanOrEqual(1100);
    // No burst: 137.5 ms (1.1 s over 8) between two starts, and no more than a millisecond beyond it.
    for (let i = 1; i < starts.length; i++) {
      expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(137.5);
      expect(starts[i]! - starts[i - 1]!).toBeLessThanOrEqual(138.5);
    }
  });
});

describe('fiscal years and what to fetch', () => {
  it('parses --years', () => {
    expect(parseYears('2024')).toEqual({ from: 2024, to: 2024 });
    expect(parseYears('2019-2024')).toEqual({ from: 2019, to: 2024 });
    expect(() => parseYears('2024-2019')).toThrow(/after the last/);
    expect(() => parseYears('FY24')).toThrow(/fiscal year or a range/);
  });

  it.skipIf(!hasFixtures())(needsFixtures('labels NVIDIA 10-Qs by the 10-K year end after them, and 8-Ks too'), () => {
    const sub = parseSubmissions(readFileSync(join(edgarDir(), 'submissions', 'CIK0001045810.json'), 'utf8'));
    const plan = planFilings(
      'NVDA',
      [{ cik: sub.cik, rows: sub.rows }],
      { forms: ['10-Q', '8-K'], years: { from: 2026, to: 2026 } },
      hosts,
    );
    const q = plan.filter((p) => p.form === '10-Q');
    expect(q.map((p) => p.reportDate)).toEqual(['2025-04-27', '2025-07-27', '2025-10-26']);
    expect(plan.every((p) => p.fiscalYear === 2026 && p.fiscalYearEnd === '0125')).toBe(true);
    // The 8-K of 2025-02-26 (results of the year ended 2025-01-26) belongs to FY2026; the 10-K does not.
    expect(plan.find((p) => p.accession === '0001045810-25-000021')).toBeDefined();
    expect(q[1]!.url).toBe('https://www.sec.gov/Archives/edgar/data/1045810/000104581025000209/nvda-20250727.htm');
    // An 8-K comes as its complete submission, press release included.
    expect(plan.find((p) => p.accession === '0001045810-25-000021')!.url).toBe(
      'https://www.sec.gov/Archives/edgar/data/1045810/000104581025000021/0001045810-25-000021.txt',
    );
  });

  it.skipIf(!hasFixtures())(
    needsFixtures('defaults to the latest fiscal year with a 10-K and after; --since filters by filing date'),
    () => {
      const sub = parseSubmissions(readFileSync(join(edgarDir(), 'submissions', 'CIK0000320193.json'), 'utf8'));
      const latest = planFilings('AAPL', [{ cik: sub.cik, rows: sub.rows }], { forms: ['10-K', '10-Q'] }, hosts);
      expect(latest.map((p) => [p.form, p.fiscalYear])).toEqual([
        ['10-Q', 2025],
        ['10-Q', 2025],
        ['10-Q', 2025],
        ['10-K', 2025],
        ['10-Q', 2026],
      ]);
      const since = planFilings('AAPL', [{ cik: sub.cik, rows: sub.rows }], { forms: ['10-K'], since: '2023-01-01' }, hosts);
      expect(since.map((p) => p.fiscalYear)).toEqual([2023, 2024, 2025]);
    },
  );

  it.skipIf(!hasFixtures())(needsFixtures('reads an older submissions page only when the range reaches it'), () => {
    const sub = parseSubmissions(readFileSync(join(edgarDir(), 'submissions', 'CIK0001318605.json'), 'utf8'));
    expect(sub.pages).toEqual([{ name: 'CIK0001318605-submissions-001.json', filingFrom: '2005-02-17', filingTo: '2018-02-11' }]);
    expect(pagesNeeded(sub.pages, { forms: ['10-K'], years: { from: 2020, to: 2024 } })).toEqual([]);
    expect(pagesNeeded(sub.pages, { forms: ['10-K'], years: { from: 2015, to: 2016 } })).toHaveLength(1);
    expect(pagesNeeded(sub.pages, { forms: ['10-K'], since: '2019-01-01' })).toEqual([]);
    expect(pagesNeeded(sub.pages, { forms: ['10-K'] })).toEqual([]);
  });

  it('uses {accession}.txt when a filing has no primary document', () => {
    const rows = [
      {
        accession: '0000320193-00-000001',
        filingDate: '2000-05-11',
        reportDate: '2000-04-01',
        form: '10-Q',
        primaryDocument: '',
        items: '',
      },
    ];
    const plan = planFilings('AAPL', [{ cik: '320193', rows }], { forms: ['10-Q'], years: { from: 2000, to: 2000 } }, hosts);
    expect(plan[0]!.url).toBe('https://www.sec.gov/Archives/edgar/data/320193/000032019300000001/0000320193-00-000001.txt');
  });
});

describe('tickers', () => {
  const constituents = parseConstituents(
    'Symbol,Security,GICS Sector,GICS Sub-Industry,CIK\nBRK.B,Berkshire Hathaway,Financials,Multi,1067983\nBLK,BlackRock,Financials,Asset,2012383\n',
  );
  it.skipIf(!hasFixtures())(needsFixtures('class shares in either spelling; a former CIK kept beside the current one'), () => {
    const tickers = parseCompanyTickers(readFileSync(join(edgarDir(), 'tickers', 'company_tickers.json'), 'utf8'));
    expect(tickers.length).toBe(9610);
    expect(resolveTicker('brk-b', constituents, tickers)).toMatchObject({ ticker: 'BRK.B', ciks: ['1067983'] });
    expect(resolveTicker('BRK.B', new Map(), tickers)).toMatchObject({ ciks: ['1067983'] });
    expect(resolveTicker('BLK', constituents, tickers)!.ciks).toEqual(['2012383', '1364742']);
    expect(resolveTicker('MSFT', constituents, tickers)).toMatchObject({ ticker: 'MSFT', ciks: ['789019'] });
    expect(resolveTicker('NOPE', constituents, tickers)).toBeUndefined();
  });
});

describe('fair access', () => {
  // Its precedence (flag > environment > profile) is the settings' (test/cli/settings.test.ts).
  it('wants a User-Agent with an email, on one line', () => {
    expect(checkUserAgent(' A a@b.org ')).toBe('A a@b.org');
    expect(() => checkUserAgent(undefined)).toThrow(/no User-Agent[\s\S]*filings config set sec_user_agent/);
    expect(() => checkUserAgent('  ')).toThrow(/no User-Agent/);
    expect(() => checkUserAgent('Jane Analyst')).toThrow(/no email/);
    expect(() => checkUserAgent('Jane a@b.org\nX-Evil: 1')).toThrow(/one line/);
  });

  it("hosts from the settings, EDGAR's own by default", () => {
    expect(edgarHosts({})).toEqual({ www: 'https://www.sec.gov', data: 'https://data.sec.gov' });
    expect(edgarHosts({ www: 'http://127.0.0.1:9/', data: 'http://127.0.0.1:8' })).toEqual({
      www: 'http://127.0.0.1:9',
      data: 'http://127.0.0.1:8',
    });
    expect(() => edgarHosts({ www: 'ftp://x' })).toThrow(/http/);
  });

  it.skipIf(!hasFixtures())(needsFixtures('knows the block page from an AccessDenied answer'), () => {
    expect(isBlockPage(readFileSync(join(edgarDir(), 'errors', 'sec_rate_limit_exceeded.html'), 'utf8'))).toBe(true);
    expect(isBlockPage(readFileSync(join(edgarDir(), 'errors', '403_www.sec.gov_archives_missing_path.xml'), 'utf8'))).toBe(false);
  });

  it('keeps documents, refreshes submissions after a day', async () => {
    const root = tempDir('filings-cache-');
    let fetched = 0;
    const client = {
      get: async () => {
        fetched++;
        return Buffer.from('fresh');
      },
    } as unknown as EdgarClient;
    const now = Date.now();
    const cache = new EdgarCache(root, client, () => now);
    const doc = 'https://www.sec.gov/Archives/edgar/data/1/000000000124000001/a.htm';
    const sub = 'https://data.sec.gov/submissions/CIK0000000001.json';
    for (const url of [doc, sub]) {
      const p = cachePath(root, url);
      mkdirSync(dirname(p), { recursive: true });
      writeFileSync(p, 'old');
      const twoDays = (now - 2 * 86_400_000) / 1000;
      utimesSync(p, twoDays, twoDays);
    }
    expect((await cache.get(doc, 'document')).body.toString()).toBe('old');
    expect(await cache.get(sub, 'submissions')).toMatchObject({ body: Buffer.from('fresh'), fromCache: false });
    expect(fetched).toBe(1);
    // A path never leaves the cache.
    expect(cachePath(root, 'https://www.sec.gov/Archives/../../etc/passwd')).toBe(join(root, 'edgar', 'www.sec.gov', 'etc', 'passwd'));
    rmSync(root, { recursive: true, force: true });
  });
});

const cell = (text: string, colspan = 1, extra: Partial<RawCell> = {}): RawCell => ({
  text,
  colspan,
  facts: [],
  bold: false,
  doubleBorder: false,
  topBorder: false,
  indent: 0,
  ...extra,
});

describe('the parser pass', () => {
  it('drops ix:header and hidden elements, keeps nested tables inside their cell, links facts to cells', () => {
    const html = `<?xml version="1.0"?><html xmlns:ix="http://www.xbrl.org/2013/inlineXBRL"><body>
      <div style="display:none"><ix:header><ix:hidden><ix:nonFraction name="dei:X" contextRef="c1" unitRef="u">5</ix:nonFraction></ix:hidden>
      <ix:resources><xbrli:context id="c1"><xbrli:entity><xbrli:segment><xbrldi:explicitMember dimension="a:Axis">a:M</xbrldi:explicitMember></xbrli:segment></xbrli:entity>
      <xbrli:period><xbrli:instant>2024-09-28</xbrli:instant></xbrli:period></xbrli:context>
      <xbrli:unit id="u"><xbrli:divide><xbrli:unitNumerator><xbrli:measure>iso4217:USD</xbrli:measure></xbrli:unitNumerator><xbrli:unitDenominator><xbrli:measure>xbrli:shares</xbrli:measure></xbrli:unitDenominator></xbrli:divide></xbrli:unit>
      </ix:resources></ix:header></div>
      <div>Visible <span style="display:none">secret</span>text</div>
      <table><tr><td>Label <table><tr><td>inner</td><td>cell</td></tr></table> end</td><td>$</td><td><ix:nonFraction name="us-gaap:Y" contextRef="c1" unitRef="u" scale="6" sign="-" decimals="-6" format="ixt:num-dot-decimal">1,234</ix:nonFraction></td></tr></table>
      </body></html>`;
    const d = parseDocument(html);
    const text = d.blocks.filter((b) => b.kind === 'text').map((b) => (b as { text: string }).text);
    expect(text).toEqual(['Visible text']);
    const t = d.blocks.find((b) => b.kind === 'table') as { rows: { text: string; facts: number[] }[][] };
    expect(t.rows[0]!.map((c) => c.text)).toEqual(['Label inner cell end', '$', '1,234']);
    expect(t.rows[0]![2]!.facts).toEqual([1]);
    expect(d.facts.map((f) => buildFact(f, d.contexts, d.units))).toEqual([
      { concept: 'dei:X', value: 5, unit: 'usd/shares', decimals: null, end: '2024-09-28', instant: true, dimensions: { 'a:Axis': 'a:M' } },
      {
        concept: 'us-gaap:Y',
        value: -1234e6,
        unit: 'usd/shares',
        decimals: -6,
        end: '2024-09-28',
        instant: true,
        dimensions: { 'a:Axis': 'a:M' },
      },
    ]);
  });

  it('parses legacy HTML in HTML mode: open <P>, upper-case tags, &nbsp;', () => {
    const d = parseDocument('<HTML><BODY><P>First&nbsp;para<P>Second<BR>line<TABLE><TR><TD>Net income<TD>$<TD>(12)</TABLE></BODY></HTML>');
    expect(d.blocks.filter((b) => b.kind === 'text').map((b) => (b as { text: string }).text)).toEqual(['First para', 'Second', 'line']);
    expect((d.blocks.find((b) => b.kind === 'table') as { rows: { text: string }[][] }).rows[0]!.map((c) => c.text)).toEqual([
      'Net income',
      '$',
      '(12)',
    ]);
  });

  it('keeps the lines of preformatted text', () => {
    const d = parseDocument(
      '<html><body><pre>Net sales        $ 1,234   $ 1,100\nNet income          120       110\n</pre><p>After.</p></body></html>',
    );
    expect(d.blocks.filter((b) => b.kind === 'text').map((b) => (b as { text: string }).text)).toEqual([
      'Net sales $ 1,234 $ 1,100',
      'Net income 120 110',
      'After.',
    ]);
  });

  it('drops page numbers and running heads at page breaks', () => {
    const words = ['Revenue grew.', 'Margins held.', 'Costs fell.', 'None.'];
    const page = (n: number) => [
      { kind: 'text', text: words[n - 1], boldShare: 0, fontSize: 0 },
      { kind: 'text', text: `Apple Inc. | 2024 Form 10-K | ${n}`, boldShare: 0, fontSize: 0 },
      { kind: 'break' },
    ];
    const blocks = [1, 2, 3, 4].flatMap(page) as Parameters<typeof pageFurniture>[0];
    expect([...pageFurniture(blocks)].sort((a, b) => a - b)).toEqual([1, 4, 7, 10]);
    // A short line repeated at a few breaks without a page number ("None.") stays.
    const nones = [1, 2, 3].flatMap(() => [{ kind: 'text', text: 'None.', boldShare: 0, fontSize: 0 }, { kind: 'break' }]) as Parameters<
      typeof pageFurniture
    >[0];
    expect(pageFurniture(nones).size).toBe(0);
    const numbered = [
      { kind: 'text', text: 'Prose.', boldShare: 0, fontSize: 0 },
      { kind: 'text', text: '17', boldShare: 0, fontSize: 0 },
      { kind: 'break' },
    ] as Parameters<typeof pageFurniture>[0];
    expect([...pageFurniture(numbered)]).toEqual([1]);
  });
});

describe('cells and periods', () => {
  it('merges $, ( ), % cells into their values, keyed by the number’s own column', () => {
    const u = rowUnits([
      cell('Total net sales', 3),
      cell('$'),
      cell('391,035'),
      cell(''),
      cell('', 3),
      cell('(2)', 2),
      cell('%'),
      cell('', 3),
      cell('$'),
      cell('(1,577'),
      cell(')'),
    ]);
    expect(u.map((x) => [x.kind, x.text, x.cell?.value ?? null, x.end])).toEqual([
      ['text', 'Total net sales', null, 2],
      ['value', '$391,035', 391035, 4],
      ['value', '(2)%', -2, 10],
      ['value', '$(1,577)', -1577, 16],
    ]);
    expect(u[2]!.cell!.percent).toBe(true);
  });

  it('reads column headers', () => {
    const o = { annual: true, instantHint: false, nominal: { m: 9, d: 28 } };
    expect(periodFromHeader('Years ended September 28, 2024', o)).toEqual({
      kind: 'duration',
      fiscalYear: 2024,
      months: 12,
      end: '2024-09-28',
    });
    expect(periodFromHeader('Three Months Ended June 28, 2025', { ...o, annual: false })).toEqual({
      kind: 'duration',
      fiscalYear: 2025,
      months: 3,
      end: '2025-06-28',
    });
    expect(periodFromHeader('September 30, 2023', { ...o, instantHint: true })).toEqual({
      kind: 'instant',
      fiscalYear: 2023,
      end: '2023-09-30',
    });
    expect(periodFromHeader('Fiscal Years Ended January 31, 2025', { annual: true, instantHint: false })).toMatchObject({
      fiscalYear: 2025,
      months: 12,
    });
    expect(periodFromHeader('2024', o)).toEqual({ kind: 'duration', fiscalYear: 2024, months: 12 });
    expect(periodFromHeader('Change', o)).toBeNull();
  });

  it('puts a 52/53-week year end a few days off the nominal one in its own year', () => {
    expect(fiscalYearOf('2023-09-30', { m: 9, d: 28 })).toBe(2023);
    expect(fiscalYearOf('2024-12-28', { m: 9, d: 27 })).toBe(2025);
    expect(fiscalYearOf('2025-07-27', { m: 1, d: 25 })).toBe(2026);
    expect(fiscalYearOf('2025-01-26', { m: 1, d: 25 })).toBe(2025);
    // Quarters of the fiscal year: NVIDIA's quarter to 2025-07-27 is Q2 of FY2026, Apple's to 2024-12-28 Q1.
    expect(quarterOf('2025-07-27', { m: 1, d: 25 })).toBe(2);
    expect(quarterOf('2024-12-28', { m: 9, d: 27 })).toBe(1);
    expect(quarterOf('2025-06-28', { m: 9, d: 27 })).toBe(3);
    expect(quarterOf('2024-08-31', { m: 5, d: 31 })).toBe(1);
  });

  it('reads ixt formats and cover display strings', () => {
    expect(readIxNumber('1,234.5', 'ixt:num-dot-decimal')).toBe(1234.5);
    expect(readIxNumber('—', 'ixt:fixed-zero')).toBe(0);
    expect(readIxNumber('three', 'ixt-sec:numwordsen')).toBe(3);
    expect(readIxNumber('no', 'ixt-sec:numwordsen')).toBe(0);
    expect(readIxNumber('1.234,5', 'ixt:num-comma-decimal')).toBe(1234.5);
    expect(['--09-27', 'September 28', '11/29', '1/25', 'MAY 31'].map(parseFiscalYearEnd)).toEqual([
      '0927',
      '0928',
      '1129',
      '0125',
      '0531',
    ]);
  });

  it('reads the SGML header of a complete submission', () => {
    const h = parseSgmlHeader(
      'ACCESSION NUMBER:\t\t0000320193-24-000005\nCONFORMED SUBMISSION TYPE:\t8-K\nCONFORMED PERIOD OF REPORT:\t20240201\nITEM INFORMATION:\t\tResults of Operations and Financial Condition\nFILED AS OF DATE:\t\t20240201\n\nFILER:\n\n\tCOMPANY DATA:\t\n\t\tCOMPANY CONFORMED NAME:\t\t\tApple Inc.\n\t\tCENTRAL INDEX KEY:\t\t\t0000320193\n\t\tSTANDARD INDUSTRIAL CLASSIFICATION:\tELECTRONIC COMPUTERS [3571]\n\t\tSTATE OF INCORPORATION:\t\t\tCA\n\t\tFISCAL YEAR END:\t\t\t0928\n</SEC-HEADER>',
    );
    expect(h).toEqual({
      accession: '0000320193-24-000005',
      form: '8-K',
      period: '2024-02-01',
      filingDate: '2024-02-01',
      items: ['Results of Operations and Financial Condition'],
      filers: [{ cik: '320193', company: 'Apple Inc.', sic: '3571', stateOfInc: 'CA', fiscalYearEnd: '0928' }],
    });
  });
});
