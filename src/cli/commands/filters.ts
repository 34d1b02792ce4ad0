// `filings filters`: what can be filtered on, from whichever backend is configured.
import type { Command } from 'commander';
import type { MetadataFiltersResponse } from '../../contract/types.js';
import { createBackend } from '../backend-factory.js';
import { withInterrupt } from '../interrupt.js';
import { colorLevel, makeChalk } from '../render/color.js';
import { layoutWidth } from '../render/wrap.js';
import { settingsFor } from '../settings.js';

interface FiltersOpts {
  values?: boolean;
  field?: string;
  json?: boolean;
  color?: boolean;
}

export async function runFilters(cmd: Command): Promise<void> {
  const o = cmd.optsWithGlobals<FiltersOpts>();
  const backend = await createBackend(settingsFor(cmd));
  let answer: MetadataFiltersResponse;
  try {
    answer = await withInterrupt((signal) => backend.listMetadataFilters({ includeValues: o.values, field: o.field, signal }));
  } finally {
    await backend.close();
  }
  if (o.json) {
    process.stdout.write((process.stdout.isTTY ? JSON.stringify(answer, null, 2) : JSON.stringify(answer)) + '\n');
    return;
  }
  const chalk = makeChalk(colorLevel({ flag: o.color, env: process.env, isTTY: process.stdout.isTTY === true }));
  // The table code (cli-table3) loads only for the reading view.
  const { renderFiltersTable } = await import('../render/filters-table.js');
  process.stdout.write(renderFiltersTable(answer, { values: o.values === true, width: layoutWidth(process.stdout.columns), chalk }) + '\n');
}
