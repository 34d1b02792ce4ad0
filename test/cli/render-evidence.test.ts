// Evidence for reading: the parser reads this engine's evidence and other layouts, and the view fits
// the width, shows relevance bars, statuses and confidence, and has no escape code without colour.
import { describe, expect, it } from 'vitest';
import { loadColour, makeChalk } from '../../src/cli/render/color.js';
import { parseEvidence } from '../../src/cli/render/evidence-parse.js';
import { relevanceBar, renderEvidenceView } from '../../src/cli/render/evidence-view.js';
import { renderEvidenceText } from '../../src/cli/render/text-presenter.js';
import { wrap } from '../../src/cli/render/wrap.js';
import { attributes, unescapeXml } from '../../src/cli/render/xml-text.js';

const ENGINE = `<source_registry>
<source id="A" ticker="MMM" company="3M" form="10-K" fiscal_year="FY-2018" period_end="2018-12-31" filed="2019-02-07" item="10K-Item-7" title="Management&apos;s Discussion &amp; Analysis" url="https://www.sec.gov/a.htm" />
<source id="B" ticker="MMM" company="3M" form="10-K" fiscal_year="FY-2018" filed="2019-02-07" item="10K-Item-8" title="Financial Statements" url="https://www.sec.gov/a.htm" />
</source_registry>
<evidence_chain relevance_score="8" facet="Capital spending &amp; PP&amp;E">
<entry sources="A B" confidence_score="0.94">
<consensus>Capital spending was $1,577 million in 2018 &lt;approx&gt;.</consensus>
<source id="A"><observed_epistemic_statuses>reported_fact</observed_epistemic_statuses>
<additional_context>Cash flows from investing activities — 2018: (1,577); 2017: (1,373)</additional_context>
</source>
<source id="B"><observed_epistemic_statuses>reported_fact estimate</observed_epistemic_statuses>
</source>
</entry>
</evidence_chain>
<evidence_chain relevance_score="3" facet="Outlook">
<entry sources="A" confidence_score="0.60">
<consensus>The Company expects 2019 capital spending to be approximately $1.7 billion to $1.9 billion.</consensus>
<source id="A"><observed_epistemic_statuses>forward_looking estimate</observed_epistemic_statuses>
</source>
</entry>
</evidence_chain>
<source_key>
A: MMM 10-K FY-2018, Item 7, filed 2019-02-07
</source_key>`;

// As the public deployment's newer evidence is described: few registry attributes, context on the entry.
const PUBLIC = `<source_registry>
<source id="A" title="Apple 10-K 2024" />
</source_registry>
<evidence_chain relevance_score="7">
<entry sources="A">
<consensus>Net sales rose.</consensus>
<additional_context>Products and services both grew.</additional_context>
</entry>
</evidence_chain>`;

const plain = makeChalk(0);
const ESC = /\x1b\[/;

describe('parseEvidence', () => {
  it("reads this engine's evidence, unescaping entities", () => {
    const ev = parseEvidence(ENGINE);
    expect(ev.sources.map((s) => s.id)).toEqual(['A', 'B']);
    expect(ev.sources[0]!.attrs).toMatchObject({
      ticker: 'MMM',
      title: "Management's Discussion & Analysis",
      url: 'https://www.sec.gov/a.htm',
    });
    expect(ev.chains).toHaveLength(2);
    const [first] = ev.chains;
    expect(first).toMatchObject({ relevance: 8, facet: 'Capital spending & PP&E' });
    expect(first!.entries[0]).toMatchObject({
      sources: ['A', 'B'],
      confidence: 0.94,
      consensus: 'Capital spending was $1,577 million in 2018 <approx>.',
      notes: [
        { id: 'A', statuses: ['reported_fact'], context: ['Cash flows from investing activities — 2018: (1,577); 2017: (1,373)'] },
        { id: 'B', statuses: ['reported_fact', 'estimate'], context: [] },
      ],
    });
  });

  it('reads a sparser layout: registry lines with only a title, context on the entry', () => {
    const ev = parseEvidence(PUBLIC);
    expect(ev.sources).toEqual([{ id: 'A', attrs: { id: 'A', title: 'Apple 10-K 2024' } }]);
    expect(ev.chains[0]!.entries[0]).toMatchObject({
      sources: ['A'],
      confidence: undefined,
      consensus: 'Net sales rose.',
      context: ['Products and services both grew.'],
    });
  });

  it('keeps the text of a chain without entries, and finds no chain in other text', () => {
    expect(parseEvidence('<evidence_chain relevance_score="5">Just text &amp; more</evidence_chain>').chains[0]).toMatchObject({
      relevance: 5,
      text: 'Just text & more',
    });
    expect(parseEvidence('Some evidence in another format').chains).toEqual([]);
  });
});

describe('the evidence view', () => {
  it('draws relevance as a bar of ten', () => {
    expect(relevanceBar(8, plain)).toBe('████████░░  8');
    expect(relevanceBar(10, plain)).toBe('██████████ 10');
  });

  it.each([40, 60, 100])('fits %i columns, with ids, statuses and confidence, and no escape code at colour level 0', (width) => {
    const text = renderEvidenceView(parseEvidence(ENGINE), { chalk: plain, width });
    expect(text).not.toMatch(ESC);
    for (const line of text.split('\n')) expect([...line].length, line).toBeLessThanOrEqual(width);
    expect(text).toContain('████████░░  8');
    expect(text).toContain('[A B]');
    expect(text).toContain('confidence 0.94');
    expect(text).toMatch(/B · reported_fact, estimate/);
    expect(text).toContain('forward_looking, estimate');
    expect(text).toContain('A B  https://www.sec.gov/a.htm');
  });

  it('colours when asked', async () => {
    await loadColour();
    expect(renderEvidenceView(parseEvidence(ENGINE), { chalk: makeChalk(1), width: 80 })).toMatch(ESC);
  });

  it('prints text it cannot parse as it is, and says when there is no evidence', () => {
    expect(renderEvidenceText('Some evidence in another format', { chalk: plain, width: 80 })).toBe('Some evidence in another format\n');
    expect(renderEvidenceText('<source_registry>\n</source_registry>', { chalk: plain, width: 80 })).toBe('Evidence none found\n');
  });
});

describe('wrap', () => {
  it('wraps words with a hanging indent and cuts words longer than a line', () => {
    expect(wrap('aaa bbb ccc ddd', 9, '  ', '- ')).toEqual(['- aaa bbb', '  ccc ddd']);
    expect(wrap('x'.repeat(25), 10)).toEqual(['x'.repeat(10), 'x'.repeat(10), 'x'.repeat(5)]);
    expect(wrap('one\ntwo', 80)).toEqual(['one', 'two']);
  });
});

describe('xml text', () => {
  it('unescapes entities once, numeric ones included', () => {
    expect(unescapeXml('&amp;lt; &lt;b&gt; &quot;q&quot; &apos;a&#39; &#x2014; &#8212; &bogus;')).toBe('&lt; <b> "q" \'a\' — — &bogus;');
  });
  it('reads attributes in either quote', () => {
    expect(attributes(`id="A" title='R&amp;D' data-x="1"`)).toEqual({ id: 'A', title: 'R&D', 'data-x': '1' });
  });
});
