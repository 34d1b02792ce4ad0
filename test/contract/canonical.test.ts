import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  canonicalDate,
  canonicalFiscalYear,
  canonicalFiscalYearEnd,
  canonicalFormType,
  canonicalItem,
  canonicalSector,
  canonicalSubIndustry,
  canonicalTicker,
  type Canonical,
} from '../../src/contract/canonical.js';
import { ALL_ITEM_TAGS, itemTitle } from '../../src/contract/item-tags.js';
import { normalizeQuery, normalizedLength } from '../../src/contract/normalize.js';

const value = (c: Canonical) => (c.ok ? c.value : `!${c.reason}`);

describe('canonical values', () => {
  it.each([
    [canonicalTicker, 'brk.b', 'BRK.B'],
    [canonicalTicker, ' aapl ', 'AAPL'],
    [canonicalTicker, '$msft', 'MSFT'],
    [canonicalTicker, 'BF-B', 'BF-B'],
    [canonicalFiscalYear, '2023', 'FY-2023'],
    [canonicalFiscalYear, 'FY2023', 'FY-2023'],
    [canonicalFiscalYear, 'fy-2023', 'FY-2023'],
    [canonicalFiscalYear, 'FY 2018', 'FY-2018'],
    [canonicalFiscalYear, 'FY23', 'FY-2023'],
    [canonicalFiscalYearEnd, '0930', '09-30'],
    [canonicalFiscalYearEnd, '9/30', '09-30'],
    [canonicalFiscalYearEnd, '09-27', '09-27'],
    [canonicalFiscalYearEnd, '2-29', '02-29'],
    [canonicalDate, '2019-02-07', '2019-02-07'],
    [canonicalDate, '2024-02-29', '2024-02-29'],
    [canonicalFormType, '10k', '10-K'],
    [canonicalFormType, '10-q', '10-Q'],
    [canonicalFormType, '8 K', '8-K'],
    [canonicalFormType, 'form 10-K/A', '10-K/A'],
    [canonicalItem, '1A', '10K-Item-1A'],
    [canonicalItem, 'Item 1A', '10K-Item-1A'],
    [canonicalItem, 'item-1a', '10K-Item-1A'],
    [canonicalItem, 'ITEM 7.', '10K-Item-7'],
    [canonicalItem, '10-K Item 9C', '10K-Item-9C'],
    [canonicalItem, '10k-item-1c', '10K-Item-1C'],
    [canonicalItem, 'Part I Item 2', '10Q-Part1-Item-2'],
    [canonicalItem, 'part ii, item 1a', '10Q-Part2-Item-1A'],
    [canonicalItem, '10Q-Part2-Item-6', '10Q-Part2-Item-6'],
    [canonicalItem, 'Item 2.02', '8K-Item-2.02'],
    [canonicalItem, '9.01', '8K-Item-9.01'],
    [canonicalItem, '10-K cover', '10K-Cover'],
    [canonicalSector, 'health care', 'Health Care'],
    [canonicalSector, 'INFORMATION TECHNOLOGY', 'Information Technology'],
    [canonicalSubIndustry, 'soft drinks & non-alcoholic beverages', 'Soft Drinks & Non-alcoholic Beverages'],
    [canonicalSubIndustry, 'Oil and Gas Exploration and Production', 'Oil & Gas Exploration & Production'],
  ] as const)('%o(%s) = %s', (fn, input, expected) => expect(value(fn(input))).toBe(expected));

  it.each([
    [canonicalTicker, 'AP PL'],
    [canonicalTicker, ''],
    [canonicalFiscalYear, '20233'],
    [canonicalFiscalYear, 'FY-1850'],
    [canonicalFiscalYearEnd, '02-30'],
    [canonicalFiscalYearEnd, '13-01'],
    [canonicalFiscalYearEnd, '0931'],
    [canonicalDate, '2023-02-29'],
    [canonicalDate, '2023-13-01'],
    [canonicalDate, '2023-1-5'],
    [canonicalFormType, '10-X'],
    [canonicalItem, 'Item 17'],
    [canonicalItem, '1D'],
    [canonicalItem, 'Part I Item 1A'],
    [canonicalItem, 'Part II Item 7'],
    [canonicalItem, 'Item 2.99'],
    [canonicalSector, 'Tech'],
  ] as const)('%o rejects %s', (fn, input) => expect(fn(input).ok).toBe(false));

  it('every item tag has a title and canonicalizes to itself', () => {
    for (const tag of ALL_ITEM_TAGS) {
      expect(itemTitle(tag)).toBeTruthy();
      expect(value(canonicalItem(tag.toLowerCase()))).toBe(tag);
    }
  });
});

describe('GICS names', () => {
  const csv = resolve(process.env.FILINGS_SAMPLE_CORPUS ?? resolve(__dirname, '../../../shared/corpus'), 'constituents.csv');
  const rows = readFileSync(csv, 'utf8').trim().split('\n').slice(1);
  // Symbol,Security,"GICS Sector","GICS Sub-Industry",... with quoted fields that hold commas.
  const fields = (line: string) => [...line.matchAll(/("([^"]*)"|[^,]*)(,|$)/g)].map((m) => m[2] ?? m[1]!);
  it('know every sector and sub-industry of the S&P 500 constituents', () => {
    const unknown = new Set<string>();
    for (const line of rows) {
      const [, , sector, sub] = fields(line);
      if (!canonicalSector(sector!).ok) unknown.add(sector!);
      if (!canonicalSubIndustry(sub!).ok) unknown.add(sub!);
    }
    expect([...unknown]).toEqual([]);
    expect(rows.length).toBeGreaterThan(500);
  });
});

describe('query normalization', () => {
  it('applies NFKC, drops controls and zero-width characters, collapses whitespace, trims', () => {
    expect(normalizeQuery('  ＡＢＣ\u00a0 ﬁnal\u200b \r\n\tline\u0007 ')).toBe('ABC final line');
  });
  it('counts code points', () => {
    expect(normalizedLength('😀😀')).toBe(2);
    expect(normalizedLength('  a  b  ')).toBe(3);
  });
});
