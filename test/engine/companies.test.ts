// Company linking (issue 15): names as analysts type them, in any case, with typos in long names;
// never one common word, never a ticker that is an ordinary word.
import { beforeAll, describe, expect, it } from 'vitest';
import { CompanyLinker } from '../../src/engine/companies/link.js';
import { loadConstituents } from '../../src/engine/corpus/constituents.js';
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
    for (const q of ['Martin said the general trend', 'Morgan and Johnson met', 'ALL IT ON KEY', 'what is the target leverage', 'a block of shares', 'the general manager']) {
      expect(tickers(q), q).toEqual([]);
    }
  });

  it('says which words were taken as which company', () => {
    expect(linker.link("What did Coca-Cola's CEO say?")).toEqual([{ ticker: 'KO', text: "Coca-Cola's", how: 'name' }]);
    expect(linker.link('Microsft revenue')).toEqual([{ ticker: 'MSFT', text: 'Microsft', how: 'typo' }]);
  });
});
