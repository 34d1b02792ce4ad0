// Which tables of the sample index are primary statements: a derivatives note that names the statement of
// operations, a parent company's balance sheet and an average balance sheet are not; a consolidated
// statement with a line about its subsidiaries' own shares still is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type IndexHandle, openIndex } from '../../src/engine/index/open.js';
import type { IndexedTable } from '../../src/engine/index/types.js';
import { sampleIndexPath } from '../helpers/sample.js';

let index: IndexHandle;
beforeAll(() => {
  index = openIndex(sampleIndexPath());
});
afterAll(() => index.close());

/** The tables of a filing, by accession, whose rows include a label matching `label`. */
function tablesWith(accession: string, label: RegExp): IndexedTable[] {
  const filing = index.filing(accession);
  if (!filing) throw new Error(`${accession} is not in the sample index`);
  return index.filingTables(filing.id).filter((t) => t.model.rows.some((r) => label.test(r.label)));
}

describe('primary statements and the tables that only name them', () => {
  it("Applied Materials' hedging effects table, 'Presented in the Consolidated Statement of Operations', is no income statement", () => {
    const hedges = tablesWith('0000006951-23-000041', /^Foreign Exchange Contracts:?$/);
    expect(hedges.length).toBeGreaterThan(0);
    for (const t of hedges) expect(t.model.statement).toBeNull();
    // Its own statement of operations still is one.
    const ops = tablesWith('0000006951-23-000041', /^Research, development and engineering$/).filter((t) => t.model.statement);
    expect(ops.map((t) => t.model.statement)).toContain('income');
  });

  it("JPMorgan's parent company balance sheet (deposits with and advances to subsidiaries) is no balance sheet", () => {
    const parent = tablesWith('0000019617-23-000231', /^Deposits with banking subsidiaries$/);
    expect(parent).toHaveLength(1);
    expect(parent[0]!.model.statement).toBeNull();
    const consolidated = tablesWith('0000019617-23-000231', /^Total assets\b/).filter((t) => t.model.statement === 'balance');
    expect(consolidated.length).toBeGreaterThan(0);
  });

  it('an average balance sheet is no balance sheet', () => {
    const average = tablesWith('0000019617-21-000292', /\baverage balances?\b/i);
    expect(average.length).toBeGreaterThan(0);
    for (const t of average) expect(t.model.statement).toBeNull();
  });

  it("Amcor's statements of its obligor group and of its deed of cross guarantee are no statements of the company's", () => {
    const groups = index
      .filingTables(index.filing('0001748790-23-000030')!.id)
      .filter((t) => /\bObligor Group\b|\bDeed of Cross Guarantee\b/.test(t.model.caption));
    expect(groups.length).toBeGreaterThanOrEqual(4);
    for (const t of groups) expect(t.model.statement, t.model.caption).toBeNull();
    const own = tablesWith('0001748790-23-000030', /^Net sales$/).filter((t) => t.model.statement === 'income');
    expect(own.map((t) => t.model.rows.find((r) => r.label === 'Net sales')!.cells[0]!.value)).toContain(14694);
  });

  it("AES's consolidated cash flows, with its subsidiaries' preferred shares issued, stay its cash flow statement", () => {
    const cash = tablesWith('0000874761-23-000010', /^Issuance of preferred shares in subsidiaries$/);
    expect(cash.map((t) => t.model.statement)).toContain('cash_flow');
  });
});
