// Issue 21.9: IBM's 10-K puts Items 7 and 8 in its annual report, filed as Exhibit 13. The pull finds
// the exhibit in the filing's index and indexes it as those items, so IBM's statements answer; when
// the exhibit cannot be had the 10-K is still indexed (a warning, exit 0), and an answer says where
// the figures are, with the exhibit's address.
import { describe, expect, it } from 'vitest';
import { hasFixtures, needsFixtures } from './fixtures.js';
import { IBM, ibmExhibit, ibmFiles, ibmPaths } from './ibm.js';
import { standInEnv, startStandIn, type Fault } from './stand-in.js';
import { runInProcess } from '../helpers/run-in-process.js';

const EXHIBIT_URL = `https://www.sec.gov/Archives/edgar/data/${IBM.cik}/${IBM.accession.replace(/-/g, '')}/${IBM.exhibit}`;

interface Listed {
  accession: string;
  items: string[];
}

describe.skipIf(!hasFixtures())(needsFixtures("a 10-K's items incorporated by reference from Exhibit 13"), () => {
  /** Pulls IBM's 10-K from a stand-in with the given fault on the exhibit; returns the run and an asker. */
  async function pullIbm(fault?: Fault) {
    const edgar = await startStandIn({ extra: ibmFiles(), fault: (p) => (p === ibmPaths.exhibit ? fault : undefined) });
    const env = standInEnv(edgar, 'filings-ex13-');
    try {
      const r = await runInProcess(['corpus', 'pull', '--json', 'IBM', '--forms', '10-K', '--years', '2024'], { env });
      const answer = async (q: string) => {
        const a = await runInProcess(['query', '--json', '--no-stream', '--answer', q], { env });
        expect(a.code, a.stderr).toBe(0);
        return JSON.parse(a.stdout) as { answer: { text: string }; evidence: string };
      };
      const list = JSON.parse((await runInProcess(['corpus', 'list', '--json'], { env })).stdout) as Listed[];
      const search = async (...args: string[]) =>
        (
          JSON.parse((await runInProcess(['query', '--json', '--no-stream', '--mode', 'research', ...args], { env })).stdout) as {
            evidence: string;
          }
        ).evidence;
      const summary = JSON.parse(r.stdout) as { added: unknown[]; warnings: { form: string; message: string }[] };
      // IBM's company facts are not recorded: EDGAR's 404 for them is a warning of their own.
      expect(summary.warnings.filter((w) => w.form === 'company facts')).toHaveLength(1);
      const filingWarnings = summary.warnings.filter((w) => w.form !== 'company facts');
      return { r, summary, filingWarnings, answer, search, list, requested: edgar.log.map((l) => l.path) };
    } finally {
      await edgar.close();
    }
  }

  it('fetches the exhibit the filing index lists and indexes it as Items 7 and 8: its figures answer', async () => {
    const { r, filingWarnings, answer, search, list, requested } = await pullIbm();
    expect(r.code, r.stderr).toBe(0);
    expect(filingWarnings).toEqual([]);
    expect(requested).toEqual(expect.arrayContaining([ibmPaths.index, ibmPaths.exhibit, ibmPaths.primary]));
    expect(list).toMatchObject([{ accession: IBM.accession }]);
    expect(list[0]!.items).toEqual(expect.arrayContaining(['10K-Item-7', '10K-Item-8']));
    const revenue = await answer("What was IBM's revenue in 2024?");
    expect(revenue.answer.text).toContain('$62,753 million');
    expect(revenue.answer.text).toMatch(/the reported XBRL value \(us-gaap:Revenues\)/);
    expect((await answer("What was IBM's net income in 2023?")).answer.text).toContain('$7,502 million');
    // The exhibit's management discussion is Item 7, its statements Item 8.
    expect(await search('-f', 'ticker=IBM', '-f', 'item=10K-Item-7', 'gross profit margin expanded')).toContain(
      'Gross profit margin expanded to 56.7 percent',
    );
    expect(await search('-f', 'ticker=IBM', '-f', 'item=10K-Item-8', 'consolidated income statement total revenue')).toContain('62,753');
  });

  it('an exhibit that cannot be had: the 10-K is indexed with a warning (exit 0), and an answer says where the figures are', async () => {
    const { r, summary, filingWarnings, answer, list } = await pullIbm({ status: 404, body: 'Not Found', type: 'text/plain' });
    expect(r.code, r.stderr).toBe(0);
    expect(summary.added).toMatchObject([{ accession: IBM.accession }]);
    expect(filingWarnings).toHaveLength(1);
    expect(filingWarnings[0]!.message).toContain(EXHIBIT_URL);
    expect(r.stderr).toMatch(
      new RegExp(
        `warning: IBM 10-K ${IBM.accession}: the annual report exhibit \\(EX-13, Items 7 and 8 incorporated by reference\\) was not indexed: missing on EDGAR`,
      ),
    );
    expect(list).toHaveLength(1);
    const a = await answer("What was IBM's revenue in 2024?");
    expect(a.answer.text).not.toMatch(/\$\s?\d/);
    expect(a.answer.text).toContain('annual report');
    expect(a.answer.text).toContain(EXHIBIT_URL);
  });

  it('an exhibit cut short is not indexed either: a warning, nothing of it kept', async () => {
    const { r, filingWarnings } = await pullIbm({ status: 200, body: ibmExhibit().subarray(0, 3000) });
    expect(r.code, r.stderr).toBe(0);
    expect(filingWarnings[0]!.message).toMatch(/the filing index lists 6,\d{3} bytes, 3,000 arrived/);
  });
});
