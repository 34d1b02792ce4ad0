// Counts a sentence states (answer/counts.ts): the count of what was asked in the year asked, not a
// limit, an act on some of them, a site's, a place's, another year's or the whole when a part is asked.
import { describe, expect, it } from 'vitest';
import { countIn } from '../../src/engine/answer/counts.js';
import type { EvidenceEntry } from '../../src/engine/evidence/types.js';
import type { FilingRow } from '../../src/engine/index/types.js';

const filing = { sec_ticker: 'X', sec_fiscal_year: 'FY-2023' } as FilingRow;
const entry = (consensus: string): EvidenceEntry =>
  ({
    consensus,
    confidence: 0,
    sources: [{ source: { id: '', filing, itemTag: '', title: '' }, statuses: [], context: [], statementIds: [1] }],
  }) as EvidenceEntry;
const count = (sentence: string, noun: string, parts: string[] = []) => countIn([entry(sentence)], 'X', 2023, noun, parts)?.count;

describe('a count a sentence states', () => {
  it('reads the count of the noun asked', () => {
    expect(count('As of the end of fiscal 2023, we employed approximately 161,000 employees.', 'employees')).toBe('161,000');
  });

  it("pairs counts listed before their noun with the sentence's dates in order", () => {
    expect(
      count('We operated 861, 838, and 815 warehouses worldwide at September 3, 2023, August 28, 2022, and August 29, 2021.', 'warehouses'),
    ).toBe('861');
  });

  it('reads no limit, no act the question did not name, however far before the number', () => {
    expect(count('The Board authorized a share repurchase plan of up to 500 million shares in 2023.', 'shares')).toBeUndefined();
    expect(count('In 2023 the Company repurchased approximately 21.3 million shares of common stock.', 'shares')).toBeUndefined();
    expect(count('In 2023 the Company repurchased approximately 21.3 million shares of common stock.', 'shares', ['repurchased'])).toBe(
      '21.3 million',
    );
  });

  it('reads no count of a site, of a place outside, or of other years only', () => {
    expect(
      count('Our headquarters in 2023 is occupied by approximately 12,600 employees engaged in management.', 'employees'),
    ).toBeUndefined();
    expect(count('At the end of 2023, we operated 270 warehouses outside of the U.S.', 'warehouses')).toBeUndefined();
    expect(count('In 2012, our Board of Directors authorized the repurchase of 500 million shares.', 'shares')).toBeUndefined();
  });

  it('reads a part asked only where the sentence names it, never the whole', () => {
    expect(count('In fiscal 2023 we employed more than 2.2 million employees worldwide.', 'employees', ['full-time'])).toBeUndefined();
    expect(count('In fiscal 2023 we employed more than 2.2 million employees worldwide.', 'employees')).toBe('2.2 million');
  });
});
