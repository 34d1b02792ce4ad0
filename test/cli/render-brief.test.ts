// The evidence behind an answer on a terminal: the rows the answer cites and a line a chain; and what
// every reading view leaves out (rows of dashes, the auditor's report heading in a statement's caption).
import { describe, expect, it } from 'vitest';
import { makeChalk } from '../../src/cli/render/color.js';
import { citedIds, citedRows, renderEvidenceBrief } from '../../src/cli/render/evidence-brief.js';
import { parseEvidence } from '../../src/cli/render/evidence-parse.js';
import { tidyEvidence, withoutAuditorHeading } from '../../src/cli/render/evidence-tidy.js';
import { renderEvidenceText } from '../../src/cli/render/text-presenter.js';

const EVIDENCE = `<source_registry>
<source id="A" ticker="KO" form="10-K" fiscal_year="FY-2021" item="10K-Item-8" url="https://www.sec.gov/ko.htm" />
<source id="B" ticker="KO" form="10-K" fiscal_year="FY-2021" item="10K-Item-7" url="https://www.sec.gov/ko.htm" />
</source_registry>
<evidence_chain relevance_score="10" facet="Report of Independent Registered Public Accounting Firm on Internal Control Over Financial Reporting / THE COCA-COLA COMPANY / CONSOLIDATED STATEMENTS OF INCOME">
<entry sources="A" confidence_score="0.90"><consensus>Net Operating Revenues — 2021: 38,655; 2020: 33,014</consensus>
<source id="A"><observed_epistemic_statuses>reported_fact</observed_epistemic_statuses>
<additional_context>Report of Independent Registered Public Accounting Firm / THE COCA-COLA COMPANY / CONSOLIDATED STATEMENTS OF INCOME</additional_context>
</source></entry>
<entry sources="A" confidence_score="0.90"><consensus>— — —</consensus>
<source id="A"><observed_epistemic_statuses>reported_fact</observed_epistemic_statuses></source></entry>
<entry sources="A" confidence_score="0.90"><consensus>Net income attributable to shareowners — 2021: 9,771; 2020: 7,747</consensus>
<source id="A"><observed_epistemic_statuses>reported_fact</observed_epistemic_statuses></source></entry>
</evidence_chain>
<evidence_chain relevance_score="8" facet="net profit margin">
<entry sources="B" confidence_score="0.70"><consensus>Net operating revenues grew 17% in 2021.</consensus>
<source id="B"><observed_epistemic_statuses>reported_fact</observed_epistemic_statuses></source></entry>
</evidence_chain>`;

const ANSWER =
  'Coca-Cola (KO) net profit margin for fiscal 2021: 25.3%. Inputs: net income $9,771 million (fiscal 2021) [A]; revenue $38,655 million (fiscal 2021) [A].';
const chalk = makeChalk(0);

describe('the brief evidence of an answer', () => {
  it("reads the cited ids and the rows that print the answer's figures, each once", () => {
    expect(citedIds('x [A]; y [B, C]. z [A].')).toEqual(['A', 'B', 'C']);
    const rows = citedRows(ANSWER, tidyEvidence(parseEvidence(EVIDENCE)).chains);
    expect(rows.map((r) => r.entry.consensus)).toEqual([
      'Net Operating Revenues — 2021: 38,655; 2020: 33,014',
      'Net income attributable to shareowners — 2021: 9,771; 2020: 7,747',
    ]);
    // An answer in words cites no row: its claims are the evidence's own sentences.
    expect(citedRows('Revenues grew on pricing [B].', parseEvidence(EVIDENCE).chains)).toEqual([]);
  });

  it('a line a chain within the width, its sources and filing first; the way to every chain whole', () => {
    const text = renderEvidenceBrief(tidyEvidence(parseEvidence(EVIDENCE)), ANSWER, { chalk, width: 60 });
    const lines = text.split('\n');
    expect(lines.filter((l) => /^ ?\d+\. /.test(l))).toEqual([
      ' 1. ██████████ 10  A KO 10-K FY-2021 10K-Item-8 · THE COCA-…',
      ' 2. ████████░░  8  B KO 10-K FY-2021 10K-Item-7 · net profi…',
    ]);
    for (const l of lines.filter((x) => !x.includes('https://'))) expect([...l].length, l).toBeLessThanOrEqual(60);
    expect(text).toMatch(/^Cited rows$/m);
    expect(text).toContain('--evidence full (or -v)');
  });
});

describe('every reading view', () => {
  it("leaves out rows that say nothing and the auditor's report in a caption", () => {
    expect(withoutAuditorHeading('Report of Independent Registered Public Accounting Firm / THE COCA-COLA COMPANY')).toBe(
      'THE COCA-COLA COMPANY',
    );
    expect(withoutAuditorHeading('Our auditor issued its report of independent registered public accounting firm.')).toMatch(
      /^Our auditor/,
    );
    for (const answer of [undefined, ANSWER]) {
      const text = renderEvidenceText(EVIDENCE, { chalk, width: 100, answer });
      expect(text).not.toMatch(/— — —/);
      expect(text).not.toMatch(/Report of Independent/);
      expect(text).toContain('THE COCA-COLA');
    }
  });
});
