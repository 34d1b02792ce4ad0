// `filings corpus stats [--json]`: counts, size, and the segmentation report.
import type { Command } from 'commander';
import { corpusStats, KEY_10K_ITEMS, type CorpusStats } from '../../../engine/corpus/inspect.js';
import { openIndex } from '../../../engine/index/open.js';
import { corpusOpts, indexPathOf, json, mb, processIo, type CorpusOpts, type Io } from './common.js';

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

export function statsText(s: CorpusStats): string {
  const seg = s.segmentation;
  const lines = [
    `Index            ${s.index} (${mb(s.indexBytes)}, schema v${s.schemaVersion})`,
    `Filings          ${s.filings} (${Object.entries(s.byForm).map(([f, n]) => `${n} ${f}`).join(', ')}), ${s.companies} companies`,
    `Fiscal years     ${Object.entries(s.fiscalYears).map(([y, n]) => `${y}: ${n}`).join(', ')}`,
    `Text             ${(s.textChars / 1e6).toFixed(1)} M characters`,
    `Sections         ${s.sections}`,
    `Tables           ${s.tables}`,
    `Statements       ${s.statements} (${Object.entries(s.statementsByKind).map(([k, n]) => `${k} ${n}`).join(', ')})`,
    '',
    `Segmentation of ${seg.tenKs} 10-Ks (target >= ${pct(seg.target)} for each key item):`,
    ...KEY_10K_ITEMS.map((t) => `  ${t.padEnd(13)} ${pct(seg.keyItemShares[t] ?? 0)}`),
    `  largest section share, 10-K: ${pct(seg.maxSectionShare10K.share)} (${seg.maxSectionShare10K.ticker ?? '?'} ${seg.maxSectionShare10K.accession} ${seg.maxSectionShare10K.item_tag})`,
    `  largest section share, any form: ${pct(seg.maxSectionShareAll.share)} (${seg.maxSectionShareAll.ticker ?? '?'} ${seg.maxSectionShareAll.accession} ${seg.maxSectionShareAll.item_tag})`,
    ...seg.misses.map((m) => `  missing in ${m.ticker ?? '?'} ${m.fiscal_year} ${m.accession}: ${m.missing.join(', ')}`),
  ];
  return `${lines.join('\n')}\n`;
}

export function corpusStatsCommandImpl(opts: CorpusOpts, io: Io = processIo()): CorpusStats {
  const ix = openIndex(indexPathOf(opts, io));
  try {
    const s = corpusStats(ix);
    io.stdout.write(opts.json ? json(s) : statsText(s));
    return s;
  } finally {
    ix.close();
  }
}

export async function corpusStatsCommand(cmd: Command): Promise<void> {
  corpusStatsCommandImpl(corpusOpts(cmd));
}
