// The closing table of `filings query` in text mode: how the query ran (mode, effort, filters given
// and inferred, plan), what came back (evidence count, distribution) and what to look out for
// (notices, warnings), with the request id to quote. Defensive about shapes: a deployment may differ.
import type { ChalkInstance } from 'chalk';
import type { ResearchResponse } from '../../contract/types.js';
import { renderTable } from './table.js';

const OPS: Record<string, string> = { eq: '=', neq: '!=', gte: '>=', lte: '<=', in: ' in ' };

const list = (v: unknown): string => (Array.isArray(v) ? `[${v.map(String).join(', ')}]` : String(v));

/** `{sec_ticker: "MMM", report_filing_date: {gte: "2023-01-01"}}` -> ['sec_ticker=MMM', 'report_filing_date>=2023-01-01']. */
export function formatFilters(filters: unknown): Map<string, string> {
  const out = new Map<string, string>();
  if (!filters || typeof filters !== 'object') return out;
  for (const [field, v] of Object.entries(filters as Record<string, unknown>)) {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      out.set(
        field,
        Object.entries(v)
          .map(([op, x]) => `${field}${OPS[op] ?? ` ${op} `}${list(x)}`)
          .join(', '),
      );
    } else {
      out.set(field, Array.isArray(v) ? `${field} in ${list(v)}` : `${field}=${String(v)}`);
    }
  }
  return out;
}

/** Applied filters, each marked "inferred" when it is not what was submitted. */
function appliedFilters(submitted: unknown, applied: unknown, chalk: ChalkInstance): string {
  const given = formatFilters(submitted);
  const lines = [...formatFilters(applied)].map(([field, text]) =>
    given.get(field) === text ? text : `${text} ${chalk.yellow('(inferred)')}`,
  );
  return lines.join('\n') || chalk.dim('none');
}

function distributionRows(r: ResearchResponse): [string, string][] {
  const rows: [string, string][] = [];
  for (const [field, entry] of Object.entries(r.metadata_distribution ?? {})) {
    const e = entry as { display_name?: string; values?: { value: string; count: number }[]; value?: unknown };
    const text = e.values
      ? e.values
          .slice(0, 8)
          .map((v) => `${v.value} ${v.count}`)
          .join(', ') + (e.values.length > 8 ? ', ...' : '')
      : String(e.value ?? '');
    rows.push([`by ${e.display_name ?? field}`, text]);
  }
  return rows;
}

export function renderSummaryTable(r: ResearchResponse, o: { chalk: ChalkInstance; width: number }): string {
  const { chalk } = o;
  const s = r.summary;
  const rows: [string, string][] = [];
  if (s) {
    rows.push(['mode / effort', `${s.mode} / ${s.effort}`]);
    rows.push(['evidence', `${s.evidence_count} chain${s.evidence_count === 1 ? '' : 's'}`]);
    if (s.submitted_metadata_filters && Object.keys(s.submitted_metadata_filters).length) {
      rows.push(['filters given', [...formatFilters(s.submitted_metadata_filters).values()].join('\n')]);
    }
    if (s.applied_metadata_filters)
      rows.push(['filters applied', appliedFilters(s.submitted_metadata_filters, s.applied_metadata_filters, chalk)]);
  }
  for (const q of r.retrieval_plan?.queries ?? []) rows.push([`plan${q.label ? `: ${q.label}` : ''}`, q.query]);
  rows.push(...distributionRows(r));
  for (const n of r.notices ?? []) rows.push(['notice', `${chalk.yellow(n.code)} ${n.message}`]);
  for (const w of s?.warnings ?? []) rows.push(['warning', chalk.red(w)]);
  rows.push(['request id', r.request_id]);
  const table = renderTable(
    [{ head: '' }, { head: '', flexible: true }],
    rows.map(([k, v]) => [chalk.bold(k), v]),
    { width: o.width },
  );
  return `${chalk.bold.underline('Summary')}\n${table}`;
}
