// `filings filters`: what can be filtered on, from whichever backend is configured.
import { filterFieldByAlias } from '../../../contract/fields.js';
import type { MetadataFiltersResponse } from '../../../contract/types.js';
import type { ActionContext } from '../../command.js';
import { UsageError } from '../../errors.js';
import { withInterrupt } from '../../interrupt.js';
import { filterRecords } from '../../output/filter-rows.js';
import { chosenFormat, formatDef, type FormatName, type View } from '../../output/formats.js';

interface FiltersOpts {
  values?: boolean;
  field?: string;
  list?: boolean;
}

export async function runFilters({ opts, f, io }: ActionContext): Promise<void> {
  const o = opts as FiltersOpts;
  const format = chosenFormat(opts) as FormatName;
  // The short names -f accepts (ticker, year, ...) work here too; the service gets the field's name.
  const field = o.field === undefined ? undefined : (filterFieldByAlias(o.field)?.name ?? o.field);
  if (o.list && field === undefined) throw new UsageError('--list needs --field NAME (e.g. --field ticker)');
  const backend = await f.backend();
  let answer: MetadataFiltersResponse;
  try {
    answer = await withInterrupt((signal) => backend.listMetadataFilters({ includeValues: o.values || o.list, field, signal }));
  } finally {
    await backend.close();
  }
  if (o.list) {
    for (const v of answer.fields.find((f) => f.name === field)?.values ?? []) io.stdout.write(`${v.value}\n`);
    return;
  }
  const view: View = {
    document: answer,
    records: filterRecords(answer, o.values === true),
    table: async () => {
      // The table code (cli-table3) loads only for the reading view.
      const { renderFiltersTable } = await import('../../render/filters-table.js');
      const table = renderFiltersTable(answer, { values: o.values === true, width: io.width(), chalk: io.chalk() });
      // The local index's company facts (the contract's answer has no place for them; a service's are its own).
      const facts = f.settings().baseUrl ? undefined : await localCompanyFacts(f.indexPath());
      return facts ? `${table}\n${io.chalk().dim(facts)}` : table;
    },
  };
  io.stdout.write(await formatDef(format).render(view, { pretty: io.stdout.isTTY }));
}

/** "Company facts: 71,806 facts of 3 companies (...)", when the index holds any. */
async function localCompanyFacts(indexPath: string): Promise<string | undefined> {
  const { companyFactsCounts, openIndex } = await import('../../../engine/corpus.js');
  const ix = openIndex(indexPath);
  try {
    const { companies, facts } = companyFactsCounts(ix.db);
    if (companies === 0) return undefined;
    return `Company facts: ${facts.toLocaleString('en-US')} facts of ${companies} compan${companies === 1 ? 'y' : 'ies'} (EDGAR XBRL, filings corpus stats)`;
  } finally {
    ix.close();
  }
}
