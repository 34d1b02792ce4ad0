// Grounded answers, analysis and their streamed deltas, on the sample index.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../src/backend.js';
import { AbortedError } from '../../src/backend-errors.js';
import type { BackendEvent, ResearchResponse } from '../../src/contract/types.js';
import { chunks } from '../../src/engine/answer/extractive.js';
import { openEngineBackend } from '../../src/engine/engine-backend.js';

let backend: Backend;
beforeAll(async () => {
  backend = await openEngineBackend({ indexPath: process.env.FILINGS_TEST_INDEX! });
});
afterAll(async () => backend.close());

const idsIn = (evidence: string) => new Set([...evidence.matchAll(/<source id="([A-Z]+)"/g)].map((m) => m[1]));
const cited = (text: string) => [...text.matchAll(/\[([A-Z]+(?:, [A-Z]+)*)\]/g)].flatMap((m) => m[1]!.split(', '));

async function ask(query: string, extra: Record<string, unknown> = {}, signal?: AbortSignal, via: Backend = backend) {
  const events: BackendEvent[] = [];
  const r = await via.query(
    { query, mode: 'research', include: { answer: true, analysis: true }, ...extra },
    { onEvent: (e) => events.push(e), signal },
  );
  return { r, events };
}

describe('extractive answers', () => {
  it('gives the figure from the primary statement, in the asked year, with its unit and source', async () => {
    const { r } = await ask('What is the FY2018 capital expenditure amount (in USD millions) for 3M?');
    const m =
      /^MMM capital expenditures for fiscal 2018: \$1,577 million, reported as "Purchases of property, plant and equipment \(PP&E\)"[^[]*cash flow statement[^[]*\[([A-Z])\]/.exec(
        r.answer!.text,
      );
    expect(m).not.toBeNull();
    expect(r.evidence).toMatch(new RegExp(`<source id="${m![1]}" ticker="MMM"[^>]*form="10-K" fiscal_year="FY-2018"`));
  });
  it('computes a metric from cited inputs of one company', async () => {
    const { r, events } = await ask(
      "What is Lockheed Martin's FY2021 net working capital? Define net working capital as total current assets less total current liabilities.",
    );
    expect((events[1]!.data as { evidence_count: number }).evidence_count).toBe(r.summary!.evidence_count);
    expect(r.answer!.text).toMatch(
      /^Lockheed Martin \(LMT\) working capital for fiscal 2021: \$5,818 million\. Inputs: total current assets \$19,815 million \(fiscal 2021\) \[[A-Z]\]; total current liabilities \$13,997 million/,
    );
  });
  it('takes the consolidated total over a segment row, and raises no alarm over a column year its order settles', async () => {
    const { r } = await ask("What were Walmart's capital expenditures in fiscal 2020?");
    expect(r.answer!.text).toMatch(/^Walmart \(WMT\) capital expenditures for fiscal 2020: \$10,705 million/);
    // Boeing's columns lost their headers, but the filing's own sentences confirm their order: no alarm.
    const boeing = await ask("What was Boeing's research and development expense in 2018?");
    expect(boeing.r.answer!.text).toMatch(/: \$3,269 million, reported as "Research and development expense, net"[^[]*income statement \[/);
    expect(boeing.r.answer!.text).not.toMatch(/inferred/);
    // Deere's: its FY2022 10-K prints the same rows, whose values settle the order.
    const deere = await ask("What were Deere's R&D expenses in fiscal 2023?");
    expect(deere.r.answer!.text).toMatch(/: \$2,177 million[^[]*income statement \[/);
    expect(deere.r.answer!.text).not.toMatch(/inferred/);
  });
  it('adds related evidence only from a filing of the company and year asked', async () => {
    // A year the index lacks: what it holds of the company, and the pull that adds the year; nothing related.
    const lacking = (await ask("What was 3M's revenue in 2012?")).r.answer!.text;
    expect(lacking).toBe(
      "The index does not hold MMM's filings for fiscal 2012, so this cannot be answered from it (it holds its 10-K for fiscal 2018 and 2022; 10-Q for fiscal 2023); add it with: filings corpus pull MMM --years 2012.",
    );
    const boeing = (await ask('Boeing 737 production rate')).r.answer!.text;
    expect(boeing).toMatch(/\n\nRelated evidence: .*production rate/);
  });
  it('reads the year from the columns in the order the filing prints them (Amazon runs oldest first)', async () => {
    const { r } = await ask("What was Amazon's operating margin in 2019?");
    expect(r.answer!.text).toMatch(/^Amazon \(AMZN\) operating margin for fiscal 2019: 5\.18%\. Inputs: operating income \$14,541 million/);
  });
  it("says plainly when the index holds no filings of the company, and gives no other company's figure", async () => {
    const { r } = await ask("What was Tesla's revenue in 2022?");
    expect(r.answer!.text).toBe(
      'The index holds no filings of Tesla (TSLA), so this cannot be answered from it; add them with: filings corpus pull TSLA.',
    );
    expect(r.notices![0]!.code).toBe('COMPANY_NOT_IN_INDEX');
    expect(r.summary!.evidence_count).toBe(0);
  });
  it("answers a year without its own filing from a later filing's comparative column", async () => {
    const { r } = await ask('What were 3M net sales in 2020?');
    expect(r.answer!.text).toMatch(
      /^MMM revenue for fiscal 2020: \$32,184 million, reported as "Net sales", the 10-K FY2022 income statement/,
    );
  });
  it('does not give the company total for a part of it the filing does not break out', async () => {
    const brazil = (await ask('How much revenue did Netflix make in Brazil in 2015?')).r.answer!.text;
    expect(brazil).toMatch(/^The evidence does not state Netflix's revenue \(brazil\) for fiscal 2015\./);
    expect(brazil).not.toMatch(/6,779,511/);
    const walgreens = (await ask('How much revenue did Cencora get from Walgreens in fiscal 2023?')).r.answer!.text;
    expect(walgreens).not.toMatch(/262,173,411/);
  });

  it('answers a quarter named by its end date in the company fiscal year, and a part of the year', async () => {
    const amcor = (await ask('Amcor net sales for the quarter ended December 31, 2023')).r.answer!.text;
    expect(amcor).toMatch(
      /^Amcor \(AMCR\) revenue for the second quarter of fiscal 2024: \$3,251 million, reported as "Net sales", the 10-Q FY2024 income statement \[[A-Z]\]/,
    );
    const half = (await ask('Amcor net sales for the six months ended December 31, 2023')).r.answer!.text;
    expect(half).toMatch(/^Amcor \(AMCR\) revenue for the first half of fiscal 2024: \$6,694 million/);
  });

  it('takes the row the question names when the statements show two (net revenues, not total revenues)', async () => {
    const rjf = (await ask('Raymond James net revenues for fiscal 2022')).r.answer!.text;
    expect(rjf).toMatch(
      /^Raymond James Financial \(RJF\) revenue for fiscal 2022: \$11,003 million, reported as "Net revenues"[^\n]*also show \$11,308 million for "Total revenues"/,
    );
    // "net income" named, "Net income attributable to Rockwell Automation" is still the figure meant.
    const rok = (await ask('What was Rockwell Automation net income in fiscal 2023?')).r.answer!.text;
    expect(rok).toMatch(/^Rockwell Automation \(ROK\) net income for fiscal 2023: \$1,387\.4 million/);
  });

  it('reads an income statement whose title was lost, and a balance at a date in the fiscal year it falls in', async () => {
    const pfe = (await ask("What was Pfizer's cost of sales in 2021?")).r.answer!.text;
    expect(pfe).toMatch(
      /^Pfizer \(PFE\) cost of revenue for fiscal 2021: \$30,821 million, reported as "Cost of sales", the 10-K FY2021 income statement/,
    );
    const ulta = (await ask('Ulta Beauty merchandise inventories as of October 28, 2023')).r.answer!.text;
    expect(ulta).toMatch(
      /^Ulta Beauty \(ULTA\) inventories for the third quarter of fiscal 2023 \(the company's naming; FY-2024 in the index\): \$2,321\.3 million; 2,321,306 in thousands as printed/,
    );
  });

  it('keeps a year that ends a label in the label ("notes due 2028 and 2030")', async () => {
    const amcr = (await ask('What was the carrying value of Amcor U.S. dollar notes due 2019, 2021, 2026, 2028 and 2030 at June 30, 2020?'))
      .r.answer!.text;
    expect(amcr).toMatch(/\$2,299\.9 million, reported as "U\.S\. dollar notes due 2019, 2021, 2026, 2028 and 2030"/);
  });

  it('computes the metric asked when the question names its inputs and the statements to use', async () => {
    // "from the cash flow statement" names a source, not the cash balance; "attributable to
    // shareholders" is the parent's share, not a part of the company.
    const ko = (
      await ask(
        "What is Coca Cola's FY2022 dividend payout ratio (using total cash dividends paid and net income attributable to shareholders)? Answer the question asked by assuming you only have access to information clearly displayed in the cash flow statement and the income statement.",
      )
    ).r.answer!.text;
    expect(ko).toMatch(/^Coca-Cola \(KO\) dividend payout ratio for fiscal 2022: 0\.80\./);
    const pep = (
      await ask(
        'What is the FY2022 unadjusted EBITDA % margin for PepsiCo? Calculate unadjusted EBITDA using unadjusted operating income and D&A (from cash flow statement).',
      )
    ).r.answer!.text;
    expect(pep).toMatch(/^PepsiCo \(PEP\) EBITDA margin for fiscal 2022: 16\.5%/);
    expect(pep).not.toMatch(/cash and cash equivalents/);
    const cogs = (await ask("What is Coca Cola's FY2021 COGS % margin?")).r.answer!.text;
    expect(cogs).toMatch(/^Coca-Cola \(KO\) cost of revenue as a share of revenue for fiscal 2021: 39\.7%/);
    const cagr = (await ask("What is Lockheed Martin's 2 year total revenue CAGR from FY2020 to FY2022?")).r.answer!.text;
    expect(cagr).toMatch(
      /compound annual growth rate from fiscal 2020 to fiscal 2022 \(2 years\): 0\.45% a year, \$65,398 million (?:\[[A-Z]\] )?to \$65,984 million/,
    );
  });

  it("names the auditor that signed the report, with the year it has served since, and no person's signature", async () => {
    const hpe = (await ask('who audits HPE?')).r.answer!.text;
    expect(hpe).toMatch(
      /auditor is Ernst & Young LLP, which signed the report of the independent registered public accounting firm in the 10-K FY2023 \[[A-Z]+\]; it has served as the company's auditor since 2014/,
    );
    const nke = (await ask('Which audit firm audits Nike?')).r.answer!.text;
    expect(nke).toMatch(/^Nike's auditor is PricewaterhouseCoopers LLP/);
    // The audit committee is not the auditor.
    expect((await ask('What does the audit committee of Nike do?')).r.answer!.text).not.toMatch(/auditor is/);
  });

  it("does not give the company's growth for a part of it the question names", async () => {
    const fees = (await ask("How did Costco's membership fee revenue change in fiscal 2023?")).r.answer!.text;
    expect(fees).not.toMatch(/242,290|6\.8%/);
    const all = (await ask("How did Costco's revenue change in fiscal 2023?")).r.answer!.text;
    expect(all).toMatch(/^Costco \(COST\) revenue increased by \$15,336 million from fiscal 2022 to fiscal 2023 \(\+6\.76%\)/);
  });

  it('reads the net income row of a per-share group as the earnings per share, not the net income', async () => {
    const eps = (await ask("what was qualcomm's diluted eps in fiscal 2023")).r.answer!.text;
    expect(eps).toMatch(
      /^Qualcomm \(QCOM\) diluted earnings per share for fiscal 2023: \$6\.42 per share, reported as "Diluted earnings \(loss\) per share: Net income"/,
    );
    const ni = (await ask("What was Qualcomm's net income in fiscal 2023?")).r.answer!.text;
    expect(ni).toMatch(/^Qualcomm \(QCOM\) net income for fiscal 2023: \$7,232 million/);
  });

  it('answers "what are the segments" with the sentence that lists them first', async () => {
    const msft = (await ask("What are Microsoft's reportable segments?")).r.answer!.text;
    expect(msft).toMatch(
      /^We operate our business and report our financial performance using three segments: Productivity and Business Processes, Intelligent Cloud, and More Personal Computing \[[A-Z]+\]\.$/,
    );
    const tel = (await ask("What are TE Connectivity's reportable segments?")).r.answer!.text;
    expect(tel).toMatch(
      /^We continue to operate through three reportable segments: Transportation Solutions, Industrial Solutions, and Communications Solutions/,
    );
  });

  it('does not give the reported amount for an authorization or guidance the question asks', async () => {
    const adbe = (await ask("What was Adobe's share repurchase authorization?")).r.answer!.text;
    expect(adbe).not.toMatch(/6,550/);
  });

  it('reads the quantity the words around the item ask: cash generated from operations, a goodwill impairment', async () => {
    const amzn = (await ask('How much cash did Amazon generate from operations in 2019?')).r.answer!.text;
    expect(amzn).toMatch(/^Amazon \(AMZN\) net cash provided by operating activities for fiscal 2019: \$38,514 million/);
    const khc = (await ask('kraft heinz goodwill impairment 2019')).r.answer!.text;
    expect(khc).toMatch(
      /^Kraft Heinz \(KHC\) goodwill \(impairment\) for fiscal 2019: \$1,197 million, reported as "Goodwill impairment losses"/,
    );
    // The balance is still the balance when nothing else is asked.
    expect((await ask('What was Kraft Heinz goodwill in 2019?')).r.answer!.text).toMatch(/goodwill for fiscal 2019: \$35,546 million/);
  });

  it("reads a segment's figure from its row in a table of the item, never another statement's row of the same words", async () => {
    const lmt = (await ask("Lockheed Martin's aeronautics segment net sales in 2021")).r.answer!.text;
    expect(lmt).toMatch(/^Lockheed Martin \(LMT\) revenue \(aeronautics\) for fiscal 2021: \$26,748 million, reported as "Aeronautics"/);
    const hpe = (await ask('How much of HPE gross financing receivables were past due more than 90 days at the end of fiscal 2023?')).r
      .answer!.text;
    expect(hpe).not.toMatch(/607/);
  });

  it('never reads an amount per share as a total', async () => {
    const awk = (await ask('How much (in USD billions) did American Water Works pay out in cash dividends for FY2020?')).r.answer!.text;
    expect(awk).not.toMatch(/per common share|\$2\.20 million/);
  });

  it('counts the whole, not one part of it, unless the question names the part', async () => {
    const all = (await ask('How many stores did AutoZone operate in total at the end of fiscal 2023?')).r.answer!.text;
    // The whole as the filing states it, or the sum of the parts it states: never one part.
    expect(all).toMatch(/^AutoZone \(AZO\)(?: stores for fiscal 2023)?: 7,140 stores/);
    const mexico = (await ask('How many stores did AutoZone operate in Mexico at the end of fiscal 2023?')).r.answer!.text;
    expect(mexico).toMatch(/^AutoZone \(AZO\)(?: stores Mexico for fiscal 2023)?: 740 stores, as the filing states it/);
  });

  it('answers a terse terminal query from an MD&A table of two years and their change', async () => {
    const { r } = await ask('activison blizzard net bookings 2019');
    expect(r.answer!.text).toMatch(
      /^Activision Blizzard \(ATVI\) net bookings for fiscal 2019: \$6,388 million, reported as "Net bookings"/,
    );
  });

  it('answers a why/what question with the strongest claims, cited', async () => {
    const { r } = await ask("Is Boeing's business subject to cyclicality?");
    expect(r.answer!.text).toMatch(/cyclical/i);
    expect(cited(r.answer!.text).length).toBeGreaterThan(0);
  });
  it('cites only source ids present in the evidence', async () => {
    for (const q of [
      'What are the major risk factors of Pfizer?',
      'What did Coca-Cola pay in dividends in 2022?',
      'Compare capital expenditure of Coca-Cola and PepsiCo in FY2022',
    ]) {
      const { r } = await ask(q);
      const ids = idsIn(r.evidence!);
      expect(cited(r.answer!.text).every((c) => ids.has(c))).toBe(true);
    }
  });
  it('says "No data found" when there is no evidence', async () => {
    const { r } = await ask('zyxwvut quokka flibbertigibbet');
    expect(r.answer!.text).toBe('No data found');
    expect(r.summary!.warnings).toContain('LOW_EVIDENCE');
  });
});

describe('analysis', () => {
  it('reports coverage, agreement, changes and gaps', async () => {
    const { r } = await ask('What risks does Boeing describe about its supply chain in FY2021 and FY2022?');
    const a = r.analysis!;
    expect(a.coverage!.by_company).toEqual([{ value: 'BA', count: r.summary!.evidence_count }]);
    expect(a.coverage!.by_fiscal_year!.length).toBeGreaterThan(0);
    expect(Array.isArray(a.agreement)).toBe(true);
    expect(Array.isArray(a.changes)).toBe(true);
    expect(a.text).toMatch(/^Coverage: /);
    expect(a.text).toMatch(/Gaps: /);
  });
  it('names asked-for values without evidence as gaps', async () => {
    // TSLA: a constituent the sample index holds no filing of (a ticker it does not know is refused).
    const r = await backend.query({
      query: 'capital expenditure',
      mode: 'research',
      metadata_filters: { sec_ticker: ['MMM', 'TSLA'] },
      include: { analysis: true },
    });
    expect(r.analysis!.gaps).toEqual(expect.arrayContaining([{ kind: 'filter', message: 'no evidence for sec_ticker=TSLA' }]));
  });
  it('in basic mode (the service default), a question naming a company and a year says research mode would use them', async () => {
    const r = await backend.query({ query: "What was 3M's capital expenditure in FY2018?" });
    const n = r.notices!.find((x) => x.code === 'BASIC_MODE_NO_FILTERS')!;
    expect(n.message).toMatch(/3M's -> MMM, FY-2018/);
    expect(n.message).toMatch(/"mode": "research"/);
    const plain = await backend.query({ query: 'supply chain risks' });
    expect(plain.notices?.some((x) => x.code === 'BASIC_MODE_NO_FILTERS') ?? false).toBe(false);
  });
  it('is not generated in basic mode, with a notice', async () => {
    const r = await backend.query({ query: 'capital expenditure', include: { analysis: true } });
    expect(r.analysis).toBeUndefined();
    expect(r.notices?.map((n) => n.code)).toContain('ANALYSIS_MODE_UNSUPPORTED');
  });
});

describe('streamed events', () => {
  it('come in the contract order, with many deltas that add up to the texts', async () => {
    const { r, events } = await ask('What is the FY2018 capital expenditure amount (in USD millions) for 3M?', { stream: true });
    const names = events.map((e) => e.event);
    const firstAnswer = names.indexOf('answer.delta');
    const firstAnalysis = names.indexOf('analysis.delta');
    expect(names.slice(0, 2)).toEqual(['retrieval.started', 'retrieval.completed']);
    expect(firstAnswer).toBe(2);
    expect(firstAnalysis).toBeGreaterThan(firstAnswer);
    expect(names.lastIndexOf('answer.delta')).toBeLessThan(firstAnalysis);
    expect(names[names.length - 1]).toBe('final');
    const deltas = (kind: string) => events.filter((e) => e.event === kind).map((e) => (e.data as { delta: string }).delta);
    expect(deltas('answer.delta').length).toBeGreaterThan(5);
    expect(deltas('answer.delta').join('')).toBe(r.answer!.text);
    expect(deltas('analysis.delta').join('')).toBe(r.analysis!.text);
    expect((events[events.length - 1]!.data as ResearchResponse).answer!.text).toBe(r.answer!.text);
    expect((events[1]!.data as { evidence_count: number }).evidence_count).toBe(r.summary!.evidence_count);
  });
  it('stop when aborted mid-stream', async () => {
    const ac = new AbortController();
    const events: BackendEvent[] = [];
    const p = backend.query(
      { query: 'What is the FY2018 capital expenditure amount for 3M?', mode: 'research', include: { answer: true } },
      {
        signal: ac.signal,
        onEvent: (e) => {
          events.push(e);
          if (e.event === 'answer.delta') ac.abort();
        },
      },
    );
    await expect(p).rejects.toBeInstanceOf(AbortedError);
    expect(events.filter((e) => e.event === 'answer.delta')).toHaveLength(1);
    expect(events.some((e) => e.event === 'final')).toBe(false);
  });
  it('end with an error event when the work fails after the first event', async () => {
    const own = await openEngineBackend({ indexPath: process.env.FILINGS_TEST_INDEX! });
    const events: BackendEvent[] = [];
    // The index goes away mid-query (its connection closed as retrieval starts).
    const p = own.query(
      { query: 'capital expenditure', mode: 'research' },
      {
        onEvent: (e) => {
          events.push(e);
          if (e.event === 'retrieval.started') own.engine.index.close();
        },
      },
    );
    await expect(p).rejects.toThrow(/not open/);
    expect(events.map((e) => e.event)).toEqual(['retrieval.started', 'error']);
    expect(events[1]!.data).toMatchObject({ status_code: 500, detail: { code: 'INTERNAL_ERROR' } });
  });
  it('chunks keep every character', () => {
    const text = 'A figure [A].\n\nContext: more words here, and more [B, C].';
    expect(chunks(text).join('')).toBe(text);
    expect(chunks(text).length).toBeGreaterThan(2);
  });
});

describe('answers from a model (OpenAI-compatible endpoint on loopback)', () => {
  let server: Server;
  // The engine is handed the model (the CLI's llm_* settings); it reads no environment.
  let withModel: Backend;
  let mode: 'ok' | 'fail' = 'ok';
  let seenPrompt = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        seenPrompt = body;
        if (mode === 'fail') {
          res.writeHead(500).end('{"error":"boom"}');
          return;
        }
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        for (const piece of ['Capital expenditure ', 'was $1,577 million ', 'in FY2018 [A].']) {
          res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: piece } }] })}\n\n`);
        }
        res.end('data: [DONE]\n\n');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    withModel = await openEngineBackend({
      indexPath: process.env.FILINGS_TEST_INDEX!,
      model: { baseUrl: `http://127.0.0.1:${port}/v1`, model: 'test-model', apiKey: 'k-test' },
    });
  });
  afterAll(async () => {
    await withModel.close();
    server.close();
  });
  it('streams the model answer, built from the evidence and the instructions', async () => {
    mode = 'ok';
    const { r, events } = await ask('What is the FY2018 capital expenditure amount for 3M?', {}, undefined, withModel);
    expect(r.answer!.text).toBe('Capital expenditure was $1,577 million in FY2018 [A].');
    // Words before a figure stream at once; the figure waits for the end of its sentence, to be checked.
    expect(events.filter((e) => e.event === 'answer.delta').map((e) => (e.data as { delta: string }).delta)).toEqual([
      'Capital expenditure ',
      'was ',
      '$1,577 million in FY2018 [A].',
    ]);
    expect(r.notices?.map((n) => n.code) ?? []).not.toContain('ANSWER_FIGURES_UNVERIFIED');
    const prompt = JSON.parse(seenPrompt);
    expect(prompt.model).toBe('test-model');
    expect(prompt.messages[1].content).toContain('1,577');
    expect(prompt.messages[0].content).toContain('Cite source ids exactly');
  });
  it('falls back to the extractive answer with a notice when the model fails', async () => {
    mode = 'fail';
    const { r } = await ask('What is the FY2018 capital expenditure amount for 3M?', {}, undefined, withModel);
    expect(r.answer!.text).toMatch(/\$1,577 million/);
    expect(r.notices?.map((n) => n.code)).toContain('ANSWER_MODEL_FAILED');
  });
});
