// The summary printed after `corpus add` / `corpus init`: a table within the terminal's width on a
// TTY, plain lines otherwise, or JSON with --json. Failures are named on stderr.
import type { BuildResult } from '../../../engine/corpus-ingest.js';
import type { Io } from '../../io.js';
import { renderTable } from '../../render/table.js';
import { wrap } from '../../render/wrap.js';

export interface AddSummary {
  index: string;
  added: number;
  replaced: number;
  failed: { file: string; error: string }[];
  /** Filings added with a caveat (a CIK the constituents file lacks: no ticker). */
  warnings: { file: string; warning: string }[];
  statements: number;
  byForm: Record<string, { filings: number; statements: number }>;
  seconds: number;
  text_mb: number;
  /** The filings are in, with something to know about the index (a full disk kept them in its WAL). */
  notice?: string;
}

export function summarize(r: BuildResult, missing: { file: string; error: string }[]): AddSummary {
  const byForm: AddSummary['byForm'] = {};
  for (const a of r.added) {
    const f = (byForm[a.form] ??= { filings: 0, statements: 0 });
    f.filings++;
    f.statements += a.statements;
  }
  return {
    index: r.indexPath,
    added: r.added.length,
    replaced: r.added.filter((a) => a.replaced).length,
    failed: [...missing, ...r.failed],
    warnings: r.warnings,
    statements: r.added.reduce((n, a) => n + a.statements, 0),
    byForm,
    seconds: Number(r.seconds.toFixed(2)),
    text_mb: Number((r.textChars / 1e6).toFixed(1)),
    ...(r.notice ? { notice: r.notice } : {}),
  };
}

export async function summaryText(s: AddSummary, io: Io): Promise<string> {
  const head =
    `Indexed ${s.added} filing${s.added === 1 ? '' : 's'} (${s.replaced} replaced), ` +
    `${s.statements.toLocaleString('en-US')} statements, ${s.text_mb} MB of text in ` +
    `${s.seconds.toFixed(1)} s -> ${s.index}`;
  if (!io.stdout.isTTY) {
    const forms = Object.entries(s.byForm)
      .map(([f, v]) => `${f}: ${v.filings}`)
      .join(', ');
    const notes = `${s.warnings.length ? `\n${s.warnings.length} added with a warning` : ''}${s.failed.length ? `\n${s.failed.length} file(s) failed` : ''}`;
    return `${head}${forms ? `\n${forms}` : ''}${notes}\n`;
  }
  const chalk = io.chalk();
  const rows = Object.entries(s.byForm)
    .sort()
    .map(([form, v]) => [form, String(v.filings), v.statements.toLocaleString('en-US')]);
  rows.push([chalk.bold('Total'), String(s.added), s.statements.toLocaleString('en-US')]);
  if (s.warnings.length) rows.push([chalk.yellow('Warnings'), String(s.warnings.length), '']);
  if (s.failed.length) rows.push([chalk.red('Failed'), String(s.failed.length), '']);
  const table = renderTable([{ head: 'Form' }, { head: 'Filings' }, { head: 'Statements' }], rows, { width: io.width(), bold: chalk.bold });
  return `${table}\n${wrap(head, io.width(), '  ', '').join('\n')}\n`;
}

export function failuresText(s: AddSummary): string {
  return [
    ...s.warnings.map((w) => `warning: ${w.file}: ${w.warning}\n`),
    ...s.failed.map((f) => `failed: ${f.file}: ${f.error}\n`),
    ...(s.notice ? [`warning: ${s.index}: ${s.notice}\n`] : []),
  ].join('');
}
