// The kinds a passage answers and never a figure (issue 32.1), on the sample index: how a question is
// read as one (question/kind.ts), and what each kind's block answers (answer/qualitative/): the
// acquisitions of a year, a company's brands, one named risk, the drivers of a change, the
// headquarters; and the plain decline when the filings do not answer. The broad measure is the fresh
// battery (test/battery/fresh-qualitative.jsonl).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../src/backend.js';
import { acquisitionNames } from '../../src/engine/answer/qualitative/acquisition-names.js';
import { timeRefs } from '../../src/engine/answer/qualitative/dates.js';
import { openEngineBackend } from '../../src/engine/engine-backend.js';
import { describeReading } from '../../src/engine/question/describe.js';
import { readSample } from '../helpers/sample-reader.js';
import { sampleIndexPath } from '../helpers/sample.js';

let backend: Backend;
beforeAll(async () => {
  backend = await openEngineBackend({ indexPath: sampleIndexPath() });
});
afterAll(async () => backend.close());

const answer = async (query: string, filters?: Record<string, string>): Promise<string> =>
  (
    await backend.query({
      query,
      mode: 'research',
      retrieval: { max_evidence: 10 },
      include: { answer: true },
      ...(filters ? { filters } : {}),
    })
  ).answer!.text;
/** The answer's first line. */
const head = (text: string) => text.split('\n')[0]!;
/** The answer's own words before what it quotes ("Costco's 10-K FY2023, MD&A, on net sales"). */
const ownWords = (text: string) => head(text).split(': ')[0]!;

describe('a question read as its kind', () => {
  it.each([
    ['What acquisitions did Microsoft make in fiscal 2023?', 'acquisitions'],
    ['Did HPE buy any companies in fiscal 2022?', 'acquisitions'],
    ['What businesses did Becton Dickinson buy in fiscal 2022?', 'acquisitions'],
    ['did f5 acquire anyone in fy2022?', 'acquisitions'],
    ["Tell me about Microsoft's acquisitions in fiscal 2023", 'acquisitions'],
    ["Summarize Raymond James' acquisitions in fiscal 2022", 'acquisitions'],
    ["What are PepsiCo's main brands?", 'products'],
    ['What does Hormel sell?', 'products'],
    ['What does FactSet say about cybersecurity risk?', 'risk'],
    ['How is Raymond James exposed to interest rate changes?', 'risk'],
    ['How do interest rate changes affect Raymond James?', 'risk'],
    ['What risk does Skyworks face from its reliance on Apple?', 'risk'],
    ['How dependent is Skyworks on Apple?', 'risk'],
    ["What drove Costco's net sales increase in fiscal 2023?", 'drivers'],
    ["Why did Hormel's gross margin fall in fiscal 2023?", 'drivers'],
    ['Where is TE Connectivity headquartered?', 'headquarters'],
    ['Where is TE Connectivity based?', 'headquarters'],
    // The kinds read before stay what they were.
    ['What are the main risk factors Netflix describes in its 2017 annual report?', 'risks'],
    ['What risks does Costco highlight in its 2023 10-K?', 'risks'],
    ["What are Disney's business segments?", 'segments'],
  ])('%s -> %s', (q, kind) => {
    expect(readSample(q).kind).toBe(kind);
  });

  it('reads the kind’s own words as the kind’s, never a company’s or a measure’s', () => {
    const brands = readSample("What are Kraft Heinz's biggest brands?");
    expect(brands.words.filter((w) => w.role === 'company').map((w) => w.word)).toEqual(['Kraft', 'Heinz']);
    expect(brands.words.find((w) => w.word === 'brands')?.role).toBe('kind');
    // "go down" is which way the change went, not a narrowing word of revenue.
    const down = readSample("Why did Skyworks' revenue go down in fiscal 2023?");
    expect(down.measures.map((m) => [m.item, m.qualifiers])).toEqual([['revenue', []]]);
    expect(down.words.filter((w) => w.role === 'kind').map((w) => w.word)).toEqual(['Why', 'did', 'go', 'down']);
  });

  it('says the kind in the reading --explain shows', () => {
    expect(describeReading(readSample('What acquisitions did Microsoft make in fiscal 2023?'))).toMatch(
      /^company MSFT; a passage is asked, not a figure; kind acquisitions; unread /,
    );
  });

  it('reads a market share asked as a figure, which the answer then declines', () => {
    const r = readSample("What is Broadcom's market share in Wi-Fi?");
    expect(r.figure).toBe(true);
    expect(r.kind).toBeUndefined();
  });
});

describe('what a sentence says was acquired, and when', () => {
  const fy2023 = { start: 20221001, end: 20230930, year: 2023 };

  it('names the companies after an acquisition verb, a list of them, and what the filing calls them', () => {
    const names = (t: string) => acquisitionNames(t).map((n) => n.keys[0]);
    expect(
      names(
        'In fiscal 2022, we completed the acquisitions of Charles Stanley Group PLC (Charles Stanley), TriState Capital, and SumRidge Partners.',
      ),
    ).toEqual(['charles', 'tristate', 'sumridge']);
    expect(names('On November 3, 2022, we acquired 100% of CyberOptics Corporation ("CyberOptics").')).toEqual(['cyberoptics']);
    expect(
      names('Prior to that, he served as Chief Financial Officer of Concur Technologies, before it was acquired by SAP in 2014.'),
    ).toEqual([]);
    const whiteHat = acquisitionNames(
      'On June 22, 2022, we completed the acquisition of all outstanding shares of NTT Security AppSec Solutions Inc. (which has operated under the name WhiteHat Security, or WhiteHat), a provider',
    );
    expect(whiteHat[0]!.keys).toEqual(['ntt', 'whitehat']);
  });

  it("names what the company bought, not what another buyer did; a business's operations by the business's name", () => {
    const mgm = (w: string) => ['mgm', 'resorts', 'international'].includes(w.toLowerCase());
    const names = (t: string) => acquisitionNames(t, mgm).map((n) => n.keys[0]);
    expect(names('On April 29, 2022, VICI acquired MGP in a stock-for-stock transaction.')).toEqual([]);
    expect(names('On September 7, 2022, the Company acquired LeoVegas through a tender offer.')).toEqual(['leovegas']);
    expect(names('On May 17, 2022, we acquired the operations of The Cosmopolitan of Las Vegas (The Cosmopolitan).')).toEqual([
      'cosmopolitan',
    ]);
    // The company calling itself by name is the buyer.
    const visa = (w: string) => w.toLowerCase() === 'visa';
    expect(acquisitionNames('In March 2022, Visa acquired Tink AB (Tink), an open banking platform.', visa).map((n) => n.keys[0])).toEqual([
      'tink',
    ]);
  });

  it('places days, quarters and fiscal years in or out of the year, a balance date never', () => {
    const refs = (t: string) => timeRefs(t, fy2023).map((r) => r.inYear);
    expect(
      refs('Calspan, which was acquired in the third quarter of fiscal 2023, and DART, acquired in the third quarter of fiscal 2022'),
    ).toEqual([true, false]);
    expect(refs('On November 1, 2021, we acquired NDC; in Q2’23 we acquired ServiceMax')).toEqual([false, true]);
    expect(refs('As of September 30, 2023, the measurement period is open')).toEqual([]);
  });
});

describe("issue 32's examples", () => {
  it("says Microsoft's fiscal 2023 10-K dates no acquisition in that year, and names those it does date", async () => {
    const text = await answer('What acquisitions did Microsoft make in fiscal 2023?');
    expect(head(text)).toMatch(/^Microsoft's 10-K FY2023 does not report an acquisition completed in fiscal 2023 by name and date\./);
    expect(text).toMatch(/- On March 4, 2022, we completed our acquisition of Nuance Communications, Inc\. .* \[[A-Z]+\]/);
    // The year before is answered from the same report, which still dates Nuance.
    const fy22 = await answer('What acquisitions did Microsoft make in fiscal 2022?');
    expect(fy22.split('\n').slice(0, 2).join('\n')).toMatch(
      /^Microsoft's 10-K FY2023 names this acquisition completed in fiscal 2022:\n- On March 4, 2022, we completed our acquisition of Nuance/,
    );
  });

  it("lists Nordson's fiscal 2023 acquisitions by name, never its goodwill, and quotes HPE's fiscal 2022 none", async () => {
    const text = await answer('Did Nordson buy any companies in fiscal 2023?');
    expect(head(text)).toBe("Nordson's 10-K FY2023 names these acquisitions completed in fiscal 2023:");
    const listed = text.split('\n').filter((l) => l.startsWith('- '));
    expect(listed.some((l) => l.includes('ARAG'))).toBe(true);
    expect(listed.some((l) => l.includes('CyberOptics'))).toBe(true);
    expect(listed.some((l) => l.includes('NDC'))).toBe(false);
    expect(text).not.toMatch(/goodwill/i);
    expect(await answer('Did Hewlett Packard Enterprise buy any companies in fiscal 2022?')).toMatch(
      /^HPE's 10-K FY2022 says there were none in fiscal 2022: The Company did not have any acquisitions during fiscal 2022 \[[A-Z]+\]\.$/,
    );
  });

  it("answers PepsiCo's main brands with the sentence of Item 1 that lists them, not a segment's news of one", async () => {
    const text = await answer("What are PepsiCo's main brands?");
    expect(text).toMatch(
      /^PepsiCo's 10-K FY2022, Item 1: We are a leading global beverage and convenient food company with a complementary portfolio of brands, including Lay'?s, Doritos, Cheetos, Gatorade, Pepsi-Cola, Mountain Dew, Quaker and SodaStream \[[A-Z]+\]\.$/,
    );
    expect(text).not.toMatch(/\bsold\b|impair/i);
  });

  it('lists products a sentence apiece by their names', async () => {
    const text = await answer("What are PTC's main software products?");
    expect(text).toMatch(/^PTC's 10-K FY2023, Item 1, names these products: Windchill®, ThingWorx®, .*Creo®.* \[[A-Z, ]+\]\.$/);
  });

  it("answers what drove Costco's fiscal 2023 net sales with the MD&A's causes, not the figure alone", async () => {
    const text = await answer("What drove Costco's net sales increase in fiscal 2023?");
    expect(head(text)).toMatch(
      /^Costco's 10-K FY2023, MD&A, on net sales: Net sales increased 7% to \$237,710, driven by a 3% increase in comparable sales, sales at new warehouses opened in 2022 and 2023, and the benefit of one additional week of sales in 2023 \[[A-Z]+\]\./,
    );
    // The answer's own words state no figure: the filing's sentence gives the causes.
    expect(ownWords(text)).not.toMatch(/[$%]/);
  });

  it("answers why AutoZone's net sales grew with the sentence after the headline, the one that gives the causes", async () => {
    const text = await answer("What drove AutoZone's net sales growth in fiscal 2023?");
    expect(head(text)).toMatch(
      /^AutoZone's 10-K FY2023, MD&A, on net sales: This growth was driven primarily by a domestic same store sales increase/,
    );
  });

  it('answers one named risk with its Item 1A risk factor, never the list of every heading', async () => {
    const text = await answer('What does FactSet say about cybersecurity risk?');
    expect(head(text)).toMatch(
      /^FactSet's 10-K FY2023, Item 1A, “Successful access to prohibited data and other cyber-attacks and the failure of cyber-security systems and procedures” \[[A-Z]+\]: /,
    );
    expect(text).not.toMatch(/^Risk factors in/);
    const rates = await answer('How do interest rate changes affect Raymond James?');
    expect(head(rates)).toMatch(
      /Item 1A, “We are exposed to market risk, including interest rate risk” \[[A-Z]+\]: Interest rate changes could/,
    );
  });

  it('finds a name the risk factors do not hold where the rest of the report names it', async () => {
    const text = await answer('What risk does Skyworks face from its reliance on Apple?');
    const [first, second] = text.split('\n');
    expect(first).toMatch(
      /^Skyworks Solutions' 10-K FY2023, Item 1: .*Apple.*constituted more than ten percent of our net revenue \[[A-Z]+\]\.$/,
    );
    expect(second).toMatch(/^Item 8 \(the notes\): In fiscal 2023, 2022, and 2021, Apple, .*accounted for 66%/);
  });

  it('places the headquarters from Item 2, the company’s own before a region’s', async () => {
    expect(await answer('Where is TE Connectivity headquartered?')).toMatch(
      /^Our principal executive office is located in Schaffhausen, Switzerland \[[A-Z]+\]\.$/,
    );
    expect(await answer('Where is Nike based?')).toMatch(/^The NIKE World Campus, owned by NIKE and located near Beaverton, Oregon/);
  });

  it('declines plainly, first, what the filings do not answer, never with a claim that only shares its words', async () => {
    expect(await answer('Why did Kraft Heinz replace its CEO in 2019?')).toBe(
      'The filings in the index do not state what drove “replace CEO” for Kraft Heinz in fiscal 2019.',
    );
    expect(head(await answer("Why did Skyworks' stock price fall in fiscal 2023?"))).toMatch(
      /^The filings in the index do not state what drove/,
    );
    expect(head(await answer("What is Broadcom's market share in Wi-Fi?"))).toMatch(/^The evidence does not state Broadcom's market share/);
    expect(await answer('Where is Walmart headquartered?')).toBe('The filings in the index do not state where Walmart is headquartered.');
  });
});
