// The output formats, one row each: `query`, `figures` and `filters` build their flags from this table
// (`--format NAME`, and a flag of its own for the formats that have one), and render every format but
// the terminal's from the same view of the response: the whole document (json), its records (jsonl,
// csv, tsv, a markdown table after the answer's text). A new format is one row. Importing this stays
// cheap (help and completion read the table): the renderers load when one runs.
import { UsageError } from '../errors.js';
import type { OptionDef } from '../options.js';
import type { View } from './view.js';

export type { Field, RecordSet, View } from './view.js';

export interface FormatDef {
  name: FormatName;
  /** A flag that asks for it too ('--json'). */
  flag?: string;
  description: string;
  /** The text it writes, ending with a line break. */
  render: (view: View, o: { pretty: boolean }) => Promise<string> | string;
}

const ended = (s: string) => (s === '' || s.endsWith('\n') ? s : `${s}\n`);

/** The formats by name, in the order help lists them. */
const FORMAT_TABLE = {
  table: {
    description: 'for reading: text and tables (colour and spinners only on a terminal); the default',
    render: async (v) => ended(await v.table()),
  },
  json: {
    flag: '--json',
    description: 'the response as one JSON document (an error as an ErrorResponse, with its exit code)',
    render: (v, o) => `${o.pretty ? JSON.stringify(v.document, null, 2) : JSON.stringify(v.document)}\n`,
  },
  jsonl: {
    flag: '--jsonl',
    description: 'one JSON object a line, a record each',
    render: (v) =>
      v.records.rows.map((r) => `${JSON.stringify(Object.fromEntries(v.records.columns.map((c, i) => [c, r[i]])))}\n`).join(''),
  },
  csv: {
    flag: '--csv',
    description: 'the records as CSV: a header line, then a row a record (RFC 4180 quoting)',
    render: async (v) => (await import('./delimited.js')).delimited(v.records, 'csv'),
  },
  tsv: {
    flag: '--tsv',
    description: 'the records tab-separated (tabs and line breaks in a field made spaces)',
    render: async (v) => (await import('./delimited.js')).delimited(v.records, 'tsv'),
  },
  markdown: {
    description: "the answer's text, then the records as a Markdown table",
    render: async (v) => (await import('./markdown.js')).markdown(v),
  },
} satisfies Record<string, Omit<FormatDef, 'name'>>;

export type FormatName = keyof typeof FORMAT_TABLE;
export const FORMAT_NAMES = Object.keys(FORMAT_TABLE) as FormatName[];
export const FORMATS: readonly FormatDef[] = FORMAT_NAMES.map((name) => ({ name, ...FORMAT_TABLE[name] }));

export const formatDef = (name: FormatName): FormatDef => ({ name, ...FORMAT_TABLE[name] });

/** Where a command documents what its records are. */
export interface FormatOptionsFor {
  /** What a row of its records is ("a figure asked, stated or not"). */
  records: string;
  /** What a format gives of this command's response, said of its flag in place of the table's words. */
  says?: Partial<Record<FormatName, (description: string) => string>>;
}

/** The Output options of a command: --format and each format's own flag. */
export function formatOptions(o: FormatOptionsFor): OptionDef[] {
  const says = (f: FormatDef) => o.says?.[f.name]?.(f.description) ?? f.description;
  return [
    {
      flags: '--format <name>',
      description: `output format: ${FORMAT_NAMES.join(', ')}; the records are ${o.records}`,
      group: 'Output',
      choices: FORMAT_NAMES,
      defaultText: 'table',
    },
    ...FORMATS.filter((f) => f.flag).map(
      (f): OptionDef => ({ flags: f.flag!, description: `--format ${f.name}: ${says(f)}`, group: 'Output' }),
    ),
  ];
}

/** The format the options ask: --format or one flag, never two that differ. `others`: a command's
 * output modes beside the formats (query's --evidence-only), which count as choices too. */
export function chosenFormat(opts: Record<string, unknown>, others: Record<string, boolean | undefined> = {}): FormatName | string {
  const asked = new Set<string>();
  const format = opts.format;
  if (typeof format === 'string') {
    if (!(FORMAT_NAMES as readonly string[]).includes(format))
      throw new UsageError(`--format: "${format}" is not an output format (${FORMAT_NAMES.join(', ')})`);
    asked.add(format);
  }
  for (const f of FORMATS) if (f.flag && opts[f.flag.slice(2)] === true) asked.add(f.name);
  for (const [name, on] of Object.entries(others)) if (on) asked.add(name);
  if (asked.size > 1) throw new UsageError(`choose one output format; asked: ${[...asked].join(', ')}`);
  return [...asked][0] ?? 'table';
}
