// `filings corpus list [--json]`: on a terminal a table within its width (columns dropped, the
// company name wrapped, when it is narrow); in a pipe tab-separated lines; --json the filings as data.
import { listFilings, openIndex } from '../../../engine/corpus.js';
import type { ActionContext } from '../../command.js';
import { renderTable, type Column } from '../../render/table.js';
import { json, type CorpusOpts } from './common.js';

// Least needed first to go: the fiscal year end, the item count, the filing date, the statements.
const COLUMNS: Column[] = [
  { head: 'accession' },
  { head: 'ticker' },
  { head: 'form' },
  { head: 'FY' },
  { head: 'FYE', drop: 1 },
  { head: 'filed', drop: 3 },
  { head: 'company', flexible: true },
  { head: 'items', drop: 2 },
  { head: 'statements', drop: 4 },
];

export async function run({ opts, f, io }: ActionContext): Promise<void> {
  const o = opts as CorpusOpts;
  const ix = openIndex(f.indexPath());
  try {
    const rows = listFilings(ix);
    if (o.json) {
      io.stdout.write(json(rows));
      return;
    }
    const cells = rows.map((r) => [
      r.accession,
      r.sec_ticker ?? '-',
      r.sec_form_type,
      r.sec_fiscal_year,
      r.sec_fiscal_year_end,
      r.report_filing_date,
      r.company,
      String(r.items.length),
      String(r.statements),
    ]);
    if (!io.stdout.isTTY) {
      for (const c of cells) io.stdout.write(`${[...c.slice(0, 7)].join('\t')}\n`);
      return;
    }
    const chalk = io.chalk();
    io.stdout.write(`${renderTable(COLUMNS, cells, { width: io.width(), bold: chalk.bold })}\n${chalk.dim(`${rows.length} filings`)}\n`);
  } finally {
    ix.close();
  }
}
