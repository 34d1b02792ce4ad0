// A group heading with footnote markers after its colon ("Connections ('000):(1)", "Churn Rate:(2)",
// "Derivative liabilities:(2)") heads its rows as the bare heading does: Verizon's Fios internet row is a
// count of connections, answered for the segment whose table it is in. So does a heading whose marker the
// text printed as a lone cell ("Segment EBITA (1)" closed by "Total segment EBITA", "Goodwill: (5)"), and
// "Global" opening a segment's capitalised name is a word of the name ("Global Products").
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { verdict } from '../../bench/lib/verdict.js';
import { openIndex } from '../../src/engine/index/open.js';
import { sampleIndexPath } from '../helpers/sample.js';
import { readSample } from '../helpers/sample-reader.js';
import { sampleAnswers } from '../helpers/sample-answers.js';

const ix = openIndex(sampleIndexPath());
const db = new Database(sampleIndexPath(), { readonly: true });
afterAll(() => {
  ix.close();
  db.close();
});
const answer = sampleAnswers();

/** The groups of the rows labelled `label` in the tables of the company's 10-K of `fy`. */
function groupsOf(ticker: string, fy: string, label: RegExp): (string | null)[] {
  const f = db
    .prepare("select id from filings where sec_ticker = ? and sec_fiscal_year = ? and sec_form_type = '10-K'")
    .get(ticker, fy) as {
    id: number;
  };
  return ix.filingTables(f.id).flatMap((t) => t.model.rows.filter((r) => label.test(r.label)).map((r) => r.group));
}

describe('a group heading with footnote markers after its colon', () => {
  it('heads its rows, the markers left out (Verizon, PTC, Jabil)', () => {
    expect(groupsOf('VZ', 'FY-2022', /^Fios internet$/)).toContain('Connections (‘000)');
    expect(groupsOf('VZ', 'FY-2022', /^Wireless retail\(4\)$/)).toContain('Churn Rate');
    expect(groupsOf('PTC', 'FY-2023', /^Forward contracts$/)).toContain('Derivative liabilities');
    expect(groupsOf('JBL', 'FY-2023', /^Domestic - federal$/)).toContain('Tax capital loss carryforwards');
  });

  it("answers a count under it for the segment asked (Verizon's Consumer and Business segments)", async () => {
    const consumer = await answer("How many Fios internet connections did Verizon's Consumer segment have at the end of 2022?");
    expect(verdict(consumer.text, { figure: 6_740_000, unit: 'count', tolerance: 0.005 })).toBe('right');
    expect(consumer.text).not.toMatch(/\$6,740/);
    const business = await answer("How many Fios internet connections did Verizon's Business segment have at the end of 2022?");
    expect(verdict(business.text, { figure: 373_000, unit: 'count', tolerance: 0.005 })).toBe('right');
  });
});

describe('a heading whose marker the text printed as a lone cell', () => {
  it('heads its rows when it ends with a colon or a total names it (Johnson Controls, CVS Health, AES)', () => {
    expect(groupsOf('JCI', 'FY-2023', /^Global Products$/)).toContain('Segment EBITA');
    expect(groupsOf('CVS', 'FY-2022', /^Total$/)).toContain('Same store sales increase');
    expect(groupsOf('AES', 'FY-2022', /^AES Andes 10\/1\/2022$/)).toContain('Goodwill');
    // An amount whose row lost its other cells stays one ("Other expense, net (7)"): no heading.
    expect(groupsOf('GLW', 'FY-2020', /^Total before tax$/)).not.toContain('Other expense, net');
  });

  it("answers a segment's figure under it, the segment named with 'Global' (Johnson Controls)", async () => {
    const r = readSample("How much segment EBITA did Johnson Controls International plc's Global Products segment earn in fiscal 2023?");
    expect(r.measures[0]!.words).toContain('global');
    const gp = await answer("How much segment EBITA did Johnson Controls International plc's Global Products segment earn in fiscal 2023?");
    expect(verdict(gp.text, { figure: 1965, unit: 'million', tolerance: 0.005 })).toBe('right');
    const ap = await answer("What was Johnson Controls' Building Solutions Asia Pacific segment EBITA in fiscal 2022?");
    expect(verdict(ap.text, { figure: 332, unit: 'million', tolerance: 0.005 })).toBe('right');
  });
});
