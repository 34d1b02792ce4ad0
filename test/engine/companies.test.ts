// Company linking (issue 15): names as analysts type them, in any case, with typos in long names;
// never one common word, never a ticker that is an ordinary word.
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { CompanyLinker, LINKER_FORMAT, type LinkerTables } from '../../src/engine/companies/link.js';
import { loadConstituents } from '../../src/engine/filing/constituents.js';
import { sampleCorpusDir } from '../helpers/sample.js';
import { join } from 'node:path';

let linker: CompanyLinker;
beforeAll(async () => {
  const cons = await loadConstituents(join(sampleCorpusDir(), 'constituents.csv'));
  const companies = [...new Map([...cons.values()].map((c) => [c.symbol, { ticker: c.symbol, names: [c.security] }])).values()];
  linker = new CompanyLinker(companies);
});

const tickers = (q: string) => linker.link(q).map((l) => l.ticker);

describe('company linking', () => {
  it.each<[string, string[]]>([
    ["What was Disney's revenue?", ['DIS']],
    ['pepsi vs coke margins', ['PEP', 'KO']],
    ['Amex net income 2022', ['AXP']],
    ['J&J R&D 2021', ['JNJ']],
    ['How much debt does Chase carry', ['JPM']],
    ["Starbuck's store count", ['SBUX']],
    ['Wal-Mart capex', ['WMT']],
    ['Estee Lauder revenue', ['EL']],
    ['Estée Lauder revenue', ['EL']],
    ['Microsft cloud revenue', ['MSFT']],
    ['P&G organic growth', ['PG']],
    ['what is apple revenue', ['AAPL']],
    ['nvidia data center revenue', ['NVDA']],
    ['$AAPL and MSFT', ['AAPL', 'MSFT']],
    ['brk.b float', ['BRK.B']],
    ['BRK-B float', ['BRK.B']],
    ['jnj and pfe', ['JNJ', 'PFE']],
    ["Is BA's business cyclical?", ['BA']],
    ['PEP capex 2021', ['PEP']],
  ])('%s', (q, expected) => {
    expect(tickers(q)).toEqual(expected);
  });

  it('matches the longest name first, so one company does not infer another', () => {
    expect(tickers('Lockheed Martin backlog')).toEqual(['LMT']);
    expect(tickers('JP Morgan net interest income')).toEqual(['JPM']);
    expect(tickers('Johnson & Johnson talc litigation')).toEqual(['JNJ']);
  });

  it('never takes one common word or an ordinary word that is a ticker for a company', () => {
    for (const q of [
      'Martin said the general trend',
      'Morgan and Johnson met',
      'ALL IT ON KEY',
      'what is the target leverage',
      'a block of shares',
      'the general manager',
    ]) {
      expect(tickers(q), q).toEqual([]);
    }
  });

  it('forgives the misspelt rest of a name after its first word, and one word written as two', () => {
    expect(linker.link('Keysight Technolgies total revenue FY23')).toEqual([{ ticker: 'KEYS', text: 'Keysight Technolgies', how: 'name' }]);
    expect(linker.link('becton dickenson r&d expense')[0]).toMatchObject({ ticker: 'BDX', text: 'becton dickenson' });
    expect(linker.link('kraft hienz net sales 2019')[0]).toMatchObject({ ticker: 'KHC', text: 'kraft hienz' });
    expect(linker.link('black rock aum')[0]).toMatchObject({ ticker: 'BLK', text: 'black rock' });
    // The misspelt first word of a longer name takes the rest of it along.
    expect(linker.link('activison blizzard net bookings')[0]).toMatchObject({ ticker: 'ATVI', text: 'activison blizzard', how: 'typo' });
  });

  it('reads initials run together as the name\'s initials ("dr horton", "jb hunt"), never a lone "DR"', () => {
    expect(linker.link('dr horton financial services revenue fy22')[0]).toMatchObject({ ticker: 'DHI', text: 'dr horton' });
    expect(linker.link('jb hunt revenue 2022')[0]).toMatchObject({ ticker: 'JBHT', text: 'jb hunt' });
    expect(tickers('The DR segment grew')).toEqual([]);
  });

  it('reads a capitalised possessive as a name even when it spells a word', () => {
    expect(linker.link("What was Synopsis's gross margin?")).toEqual([{ ticker: 'SNPS', text: "Synopsis's", how: 'typo' }]);
    expect(tickers('a synopsis of the year')).toEqual([]);
  });

  it('takes a capitalised surname for the one company named by it and a word of business, and no given name', () => {
    expect(tickers('How many Jacobs common shares were outstanding at September 30, 2022?')).toEqual(['J']);
    expect(tickers('Ross net sales in fiscal 2022')).toEqual(['ROST']);
    // Lower case, a given name of another kind of name ("Ralph Lauren", "Raymond James"), a place, a
    // surname two companies share: nothing.
    expect(tickers('jacobs net income 2022')).toEqual([]);
    expect(tickers('What did Ralph say about margins?')).toEqual([]);
    expect(tickers('Raymond said revenue rose')).toEqual([]);
    expect(tickers('How much revenue came from Illinois?')).toEqual([]);
    expect(tickers('What did Morgan say?')).toEqual([]);
  });

  it('takes a lower-case two-letter ticker when nothing else names a company, and never an abbreviation', () => {
    expect(tickers('vz free cash flow 2022')).toEqual(['VZ']);
    expect(tickers('mu capex fy23')).toEqual(['MU']);
    for (const q of ['what is the ip strategy', 'ai spending in 2023', 'eps of apple', 'the us market'])
      expect(
        tickers(q).filter((t) => t.length === 2),
        q,
      ).toEqual([]);
    // Another company named: the two letters are a word, not a second company.
    expect(tickers('apple ma spending')).toEqual(['AAPL']);
  });

  it('says which words were taken as which company', () => {
    expect(linker.link("What did Coca-Cola's CEO say?")).toEqual([{ ticker: 'KO', text: "Coca-Cola's", how: 'name' }]);
    expect(linker.link('Microsft revenue')).toEqual([{ ticker: 'MSFT', text: 'Microsft', how: 'typo' }]);
  });
});

describe('company names as typed', () => {
  const tickers = (q: string) => linker.link(q).map((l) => [l.ticker, l.text, l.how, l.others ?? null]);
  it('a name of five letters with a letter doubled, a ticker with its last letter doubled or two swapped', () => {
    expect(tickers('revenue of Jabill in fiscal 2023')).toEqual([['JBL', 'Jabill', 'typo', null]]);
    expect(tickers('AAPLL revenue fy2023')).toEqual([['AAPL', 'AAPLL', 'typo', null]]);
    expect(tickers('MSFTT operating income')).toEqual([['MSFT', 'MSFTT', 'typo', null]]);
    expect(tickers('APAL revenue')).toEqual([['AAPL', 'APAL', 'typo', null]]);
  });
  it('a name of two or three words run together', () => {
    expect(tickers('texasinstruments revenue 2022')).toEqual([['TXN', 'texasinstruments', 'name', null]]);
    expect(tickers('What was Bestbuy revenue?')).toEqual([['BBY', 'Bestbuy', 'name', null]]);
  });
  it('a typo as near two companies names both, the first as the link', () => {
    expect(tickers("What was Hormet's revenue?")).toEqual([['HRL', "Hormet's", 'typo', ['HWM']]]);
  });
  it('no company of a word, an abbreviation or a five-letter word one letter off a name', () => {
    for (const q of ['costs being reduced', 'CMMS software', 'to capitalize the costs', 'CAGR of sales', 'EBITDA growth'])
      expect(
        linker.link(q, () => false),
        q,
      ).toEqual([]);
  });
});

describe("the linker's tables, as the index keeps them", () => {
  // The hash of the tables made from the sample's constituents, and the format they were made under.
  const RECORDED = { format: 3, hash: 'aafc9eab4a8a7b43' };

  it('link as the linker they were taken from does', () => {
    const again = CompanyLinker.fromTables(JSON.parse(JSON.stringify(linker.tables())) as LinkerTables)!;
    for (const q of [
      'pepsi vs coke margins',
      'Microsft cloud revenue',
      'BRK-B float',
      'vz free cash flow 2022',
      'Keysight Technolgies revenue',
      'amerisource bergen',
    ]) {
      expect(again.link(q), q).toEqual(linker.link(q));
    }
  });

  it('are not taken when of another format', () => {
    expect(CompanyLinker.fromTables({ ...linker.tables(), format: LINKER_FORMAT - 1 })).toBeUndefined();
    expect(CompanyLinker.fromTables(undefined)).toBeUndefined();
  });

  it('change only with LINKER_FORMAT: an index keeps tables made by older code until the format says otherwise', () => {
    const hash = createHash('sha256').update(JSON.stringify(linker.tables())).digest('hex').slice(0, 16);
    expect(
      { format: LINKER_FORMAT, hash },
      'the tables changed: bump LINKER_FORMAT (src/engine/companies/link.ts), then record its value and this hash here',
    ).toEqual(RECORDED);
  });
});
