// `filings corpus list [--json]`.
import type { Command } from 'commander';
import Table from 'cli-table3';
import { listFilings, type ListedFiling } from '../../../engine/corpus/inspect.js';
import { openIndex } from '../../../engine/index/open.js';
import { corpusOpts, indexPathOf, json, processIo, useColor, type CorpusOpts, type Io } from './common.js';

export function corpusList(opts: CorpusOpts, io: Io = processIo()): ListedFiling[] {
  const ix = openIndex(indexPathOf(opts, io));
  try {
    const rows = listFilings(ix);
    if (opts.json) {
      io.stdout.write(json(rows));
      return rows;
    }
    if (!io.stdout.isTTY) {
      for (const r of rows)
        io.stdout.write(`${[r.accession, r.sec_ticker ?? '-', r.sec_form_type, r.sec_fiscal_year, r.sec_fiscal_year_end, r.report_filing_date, r.company].join('\t')}\n`);
      return rows;
    }
    const table = new Table({
      head: ['Accession', 'Ticker', 'Form', 'FY', 'FYE', 'Filed', 'Company', 'Items', 'Statements'],
      style: useColor(opts, io, io.stdout) ? {} : { head: [], border: [] },
    });
    for (const r of rows)
      table.push([r.accession, r.sec_ticker ?? '-', r.sec_form_type, r.sec_fiscal_year, r.sec_fiscal_year_end, r.report_filing_date, r.company, r.items.length, r.statements]);
    io.stdout.write(`${table.toString()}\n${rows.length} filings\n`);
    return rows;
  } finally {
    ix.close();
  }
}

export async function corpusListCommand(cmd: Command): Promise<void> {
  corpusList(corpusOpts(cmd));
}
