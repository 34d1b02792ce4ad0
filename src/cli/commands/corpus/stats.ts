// `filings corpus stats [--json]`: counts, size, and the segmentation report, each line wrapped within
// the terminal's width between items (never inside one: "FY-2023: 58" stays whole).
import { corpusStats, KEY_10K_ITEMS, openIndex, type CorpusStats } from '../../../engine/corpus.js';
import type { ActionContext } from '../../command.js';
import { listItems, packItems } from '../../render/wrap.js';
import { json, mb, type CorpusOpts } from './common.js';

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const LABEL = 17;

/** `label  item, item, ...` with the items packed into lines of `width`, hanging under the first. */
function line(label: string, items: string[], width: number): string[] {
  return packItems(items, width - LABEL).map((l, i) => `${(i === 0 ? label : '').padEnd(LABEL)}${l}`);
}

export function statsText(s: CorpusStats, width: number): string {
  const seg = s.segmentation;
  const lines = [
    ...line('Index', [s.index, `(${mb(s.indexBytes)}, schema v${s.schemaVersion})`], width),
    ...line(
      'Filings',
      [
        String(s.filings),
        ...listItems(
          Object.entries(s.byForm).map(([f, n]) => `${n} ${f}`),
          '(',
          '),',
        ),
        `${s.companies} companies`,
      ],
      width,
    ),
    ...line('Fiscal years', listItems(Object.entries(s.fiscalYears).map(([y, n]) => `${y}: ${n}`)), width),
    ...line('Text', [`${(s.textChars / 1e6).toFixed(1)} M characters`], width),
    ...line(
      'Company facts',
      [
        `${s.companyFacts.facts.toLocaleString('en-US')} facts`,
        `of ${s.companyFacts.companies} compan${s.companyFacts.companies === 1 ? 'y' : 'ies'}`,
      ],
      width,
    ),
    ...line('Sections', [String(s.sections)], width),
    ...line('Tables', [String(s.tables)], width),
    ...line(
      'Statements',
      [
        String(s.statements),
        ...listItems(
          Object.entries(s.statementsByKind).map(([k, n]) => `${k} ${n}`),
          '(',
          ')',
        ),
      ],
      width,
    ),
    '',
    `Segmentation of ${seg.tenKs} 10-Ks (target >= ${pct(seg.target)} for each key item):`,
    ...KEY_10K_ITEMS.map((t) => `  ${t.padEnd(13)} ${pct(seg.keyItemShares[t] ?? 0)}`),
    ...packItems(
      [
        '  largest section share, 10-K:',
        pct(seg.maxSectionShare10K.share),
        `(${seg.maxSectionShare10K.ticker ?? '?'} ${seg.maxSectionShare10K.accession} ${seg.maxSectionShare10K.item_tag})`,
      ],
      width,
      '    ',
    ),
    ...packItems(
      [
        '  largest section share, any form:',
        pct(seg.maxSectionShareAll.share),
        `(${seg.maxSectionShareAll.ticker ?? '?'} ${seg.maxSectionShareAll.accession} ${seg.maxSectionShareAll.item_tag})`,
      ],
      width,
      '    ',
    ),
    ...seg.misses.flatMap((m) =>
      packItems([`  missing in ${m.ticker ?? '?'} ${m.fiscal_year} ${m.accession}:`, ...listItems(m.missing)], width, '    '),
    ),
  ];
  return `${lines.join('\n')}\n`;
}

export async function run({ opts, f, io }: ActionContext): Promise<void> {
  const o = opts as CorpusOpts;
  const ix = openIndex(f.indexPath());
  try {
    const s = corpusStats(ix);
    io.stdout.write(o.json ? json(s) : statsText(s, io.width()));
  } finally {
    ix.close();
  }
}
