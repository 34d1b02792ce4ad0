// Qualitative answers that answer (issue 23), on the sample index: a list question gets the list, an
// 8-K question gets what the 8-K's items say, a framing verb never empties retrieval. The broad measure
// is the qualitative battery (test/battery/qualitative.jsonl); these pin the issue's examples and the
// rules behind them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../src/backend.js';
import type { ResearchResponse } from '../../src/contract/types.js';
import { riskGroups, RISK_ITEMS } from '../../src/engine/answer/qualitative/risks.js';
import { openEngineBackend } from '../../src/engine/engine-backend.js';
import { openIndex } from '../../src/engine/index/open.js';
import { sampleIndexPath } from '../helpers/sample.js';

let backend: Backend;
beforeAll(async () => {
  backend = await openEngineBackend({ indexPath: sampleIndexPath() });
});
afterAll(async () => backend.close());

const ask = (query: string, include: Record<string, boolean> = { answer: true }): Promise<ResearchResponse> =>
  backend.query({ query, mode: 'research', include });
const idsIn = (evidence: string) => new Set([...evidence.matchAll(/<source id="([A-Z]+)"/g)].map((m) => m[1]));
const cited = (text: string) => [...text.matchAll(/\[([A-Z]+(?:, [A-Z]+)*)\]/g)].flatMap((m) => m[1]!.split(', '));

describe("issue 23's examples", () => {
  it("answers Disney's segments with the sentence that lists them, and nothing else", async () => {
    const r = await ask("What are Disney's business segments?");
    expect(r.answer!.text).toMatch(
      /^The Walt Disney Company, together with its subsidiaries, is a diversified worldwide entertainment company with operations in three segments: Entertainment, Sports and Experiences \[[A-Z]+\]\.$/,
    );
  });

  it("answers what J&J announced from its 8-K's Item 2.02, never the exhibit index", async () => {
    const r = await ask('What did J&J announce in its August 30, 2023 8-K?');
    const [first] = r.answer!.text.split('\n');
    expect(first).toMatch(
      /^Johnson & Johnson's 8-K of August 30, 2023 \(Item 2\.02, Results of Operations and Financial Condition\): Johnson & Johnson completed an exchange offer to finalize the separation of Kenvue Inc\./,
    );
    expect(r.answer!.text).not.toMatch(/cover page|Inline XBRL|Exhibit No/i);
  });

  it("answers Netflix's main risk factors with the headings of its 2017 Item 1A, the framing verb notwithstanding", async () => {
    const r = await ask('What are the main risk factors Netflix describes in its 2017 annual report?', {
      answer: true,
      evidence: true,
      summary: true,
    });
    expect(r.summary!.evidence_count).toBeGreaterThan(0);
    const lines = r.answer!.text.split('\n');
    expect(lines[0]).toMatch(/^Risk factors in Netflix's 10-K FY2017, Item 1A \(12 of 2\d, by the filing's groups\):$/);
    expect(lines[1]).toBe('- Risks Related to Our Business:');
    expect(lines[2]).toMatch(
      /^ {2}- If our efforts to attract and retain members are not successful, our business will be adversely affected \[[A-Z]+\]$/,
    );
    expect(lines).toContain('- Risks Related to Our Stock Ownership:');
    // Every heading listed is cited to a source of the evidence.
    for (const id of cited(r.answer!.text)) expect(idsIn(r.evidence!).has(id), id).toBe(true);
  });
});

describe('framing verbs', () => {
  it.each(['describes', 'discusses', 'discloses', 'mentions', 'says'])('"%s" never empties retrieval', async (verb) => {
    const r = await ask(`What are the main risks Netflix ${verb} in its 2017 annual report?`, { summary: true, evidence: true });
    expect(r.summary!.evidence_count).toBeGreaterThan(0);
    expect(r.notices?.map((n) => n.code) ?? []).not.toContain('NO_EVIDENCE');
  });

  it('a question of framing words alone gets the opening of what it names', async () => {
    const r = await ask("What does Netflix's 2017 10-K say?", { answer: true, summary: true });
    expect(r.summary!.evidence_count).toBeGreaterThan(0);
    expect(r.answer!.text).toMatch(/internet television network/);
  });
});

describe('how a list is found', () => {
  it("reads segments introduced by a sentence from the paragraphs after it (Micron's business units)", async () => {
    const lines = (await ask("What are Micron's reportable segments?")).answer!.text.split('\n');
    expect(lines[0]).toMatch(/^We have the following four business units, which are our reportable segments \[[A-Z]+\]:$/);
    expect(lines.slice(1).map((l) => /^- (.+?) \(/.exec(l)?.[1])).toEqual([
      'Compute and Networking Business Unit',
      'Mobile Business Unit',
      'Embedded Business Unit',
      'Storage Business Unit',
    ]);
  });

  it('prefers the sentence that names every segment over one that abbreviates them', async () => {
    expect((await ask("What are Lockheed Martin's business segments?")).answer!.text).toMatch(
      /^We operate in four business segments: Aeronautics, Missiles and Fire Control \(MFC\), Rotary and Mission Systems \(RMS\) and Space/,
    );
  });

  it('tells a risk heading printed as a one-sentence paragraph from the sentences that explain it', () => {
    const ix = openIndex(sampleIndexPath());
    try {
      const f = ix.filings().find((f) => f.sec_ticker === 'NFLX' && f.sec_fiscal_year === 'FY-2017' && f.sec_form_type === '10-K')!;
      const statements = ix
        .sections(f.id)
        .filter((s) => RISK_ITEMS.includes(s.item_tag))
        .flatMap((s) => ix.statementRange(s.first_statement, s.last_statement));
      const headings = riskGroups(statements).flatMap((g) => g.headings.map((h) => h.text));
      expect(headings).toContain('We are subject to payment processing risk.');
      // The sentence after a heading opens the explanation, not another risk.
      expect(headings).not.toContain('We have experienced significant membership growth over the past several years.');
      // Without paragraphs (an index built before they were recorded) only headings printed as lines
      // of their own can be told.
      const lines = riskGroups(statements.map(({ opens: _o, ...s }) => s)).flatMap((g) => g.headings);
      expect(lines.map((h) => h.text)).toContain('Our stock price is volatile.');
      expect(lines.every((h) => h.kind === 'heading')).toBe(true);
    } finally {
      ix.close();
    }
  });
});

describe('the auditor, what a company does, what changed', () => {
  it("gives the auditor's tenure from the report that states it", async () => {
    expect((await ask("Which firm audited Netflix's 2017 financial statements?")).answer!.text).toMatch(
      /^Netflix's auditor is Ernst & Young LLP, .*; it has served as the company's auditor since 2012 \[[A-Z]+\]\.$/,
    );
  });

  it('says what AMD does from its first note when its Item 1 holds only the forward-looking-statements caution', async () => {
    const text = (await ask('What does AMD do?')).answer!.text;
    expect(text).toMatch(/^Advanced Micro Devices, Inc\. is a global semiconductor company \[[A-Z]+\]\./);
    expect(text).not.toMatch(/forward-looking/i);
  });

  it("answers a change with the later report's sentence, and what the report before said", async () => {
    const text = (await ask("How did Disney's segments change from fiscal 2022 to fiscal 2023?")).answer!.text;
    expect(text).toMatch(
      /^In fiscal 2023, the Company reorganized into three business segments: Entertainment, Sports and Experiences \(renamed from Disney Parks, Experiences and Products\) \[[A-Z]+\]\. The 10-K FY2022 said: .*two segments: Disney Media and Entertainment Distribution \(DMED\) and Disney Parks, Experiences and Products \(DPEP\)/,
    );
  });

  it('leaves a figure asked of a part to the figure answer', async () => {
    const text = (await ask("What was Disney's Experiences segment revenue in fiscal 2023?")).answer!.text;
    expect(text).not.toMatch(/^The Walt Disney Company, together with its subsidiaries/);
  });
});
