// The directory of an index written with its companies' summary: the same companies, names, sectors and
// fiscal naming as the directory read from every filing at once, each company's filings read only when
// asked (a question naming a company reads no other's), one object per filing whichever list read it.
import { afterAll, describe, expect, it } from 'vitest';
import type { LinkerTables } from '../../src/engine/companies/link.js';
import { openIndex } from '../../src/engine/index/open.js';
import { buildDirectory, openDirectory } from '../../src/engine/retrieve/directory.js';
import { sampleIndexPath } from '../helpers/sample.js';

const ix = openIndex(sampleIndexPath());
afterAll(() => ix.close());
const tables = ix.linkerTables() as LinkerTables;
const whole = buildDirectory(ix.directoryFilings(), ix.companies(), tables);

/** The index, counting what the directory reads of it. */
function counted() {
  const reads = { all: 0, companies: [] as string[] };
  const index = {
    directorySummary: () => ix.directorySummary(),
    companies: () => ix.companies(),
    directoryFilings: (reuse?: Map<number, unknown>) => {
      reads.all++;
      return ix.directoryFilings(reuse as never);
    },
    companyFilings: (key: string, reuse?: Map<number, unknown>) => {
      reads.companies.push(key);
      return ix.companyFilings(key, reuse as never);
    },
  };
  return { index, reads };
}

const ids = (fs: { id: number }[]) => fs.map((f) => f.id);

describe('the directory, read company by company', () => {
  it('the sample index holds the summary; without it (an older index) there is no lazy directory', () => {
    expect(ix.directorySummary()?.companies.length).toBe(73);
    expect(openDirectory({ ...counted().index, directorySummary: () => undefined }, tables)).toBeUndefined();
  });

  it('knows what the whole directory knows, before reading any filing', () => {
    const { index, reads } = counted();
    const dir = openDirectory(index, tables)!;
    const view = (d: typeof whole) =>
      d.companies.map((c) => ({ ticker: c.ticker, display: c.display, count: c.filingCount, offset: c.fiscalNameOffset }));
    expect(view(dir)).toEqual(view(whole));
    expect([...dir.sectors].sort()).toEqual([...whole.sectors].sort());
    expect([...dir.subIndustries].sort()).toEqual([...whole.subIndustries].sort());
    expect(dir.linker.link("What was 3M's capital expenditure?")).toEqual(whole.linker.link("What was 3M's capital expenditure?"));
    expect(reads).toEqual({ all: 0, companies: [] });
  });

  it("reads a company's filings when asked, only its own, as the whole directory lists them", () => {
    const { index, reads } = counted();
    const dir = openDirectory(index, tables)!;
    expect(ids(dir.byTicker.get('MMM')!.filings)).toEqual(ids(whole.byTicker.get('MMM')!.filings));
    expect(ids(dir.filingsOf(['PEP', 'KO', 'MMM']))).toEqual(
      ids(whole.filings.filter((f) => ['PEP', 'KO', 'MMM'].includes(f.sec_ticker!))),
    );
    expect(reads).toEqual({ all: 0, companies: ['MMM', 'KO', 'PEP'] });
    // Every filing, when asked: the same objects as those read before.
    const mmm = dir.byTicker.get('MMM')!.filings[0]!;
    expect(ids(dir.filings)).toEqual(ids(whole.filings));
    expect(dir.filings.find((f) => f.id === mmm.id)).toBe(mmm);
    expect(reads.all).toBe(1);
    // A filing's other fields are read from the index on use.
    expect(mmm.source_file).toBe(whole.byTicker.get('MMM')!.filings[0]!.source_file);
  });
});
