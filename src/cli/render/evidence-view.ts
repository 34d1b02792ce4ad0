// Parsed evidence laid out for reading: each chain with its relevance as a bar and its facet, each
// entry's consensus claim with the sources that support it, their epistemic statuses and confidence,
// and their context; then the sources as a table and their addresses.
import type { ChalkInstance } from 'chalk';
import type { EvidenceChainView, EvidenceEntry, ParsedEvidence, RegistrySource } from './evidence-parse.js';
import { renderTable } from './table.js';
import { wrap } from './wrap.js';

export interface ViewOptions {
  chalk: ChalkInstance;
  width: number;
}

/** `████████░░ 8` for a relevance of 8 out of 10. */
export function relevanceBar(score: number, chalk: ChalkInstance): string {
  const n = Math.max(0, Math.min(10, Math.round(score)));
  const colour = n >= 7 ? chalk.green : n >= 4 ? chalk.yellow : chalk.red;
  return `${colour('█'.repeat(n))}${chalk.dim('░'.repeat(10 - n))} ${String(score).padStart(2)}`;
}

type Paint = (s: string) => string;

/** Coloured pieces joined by " · ", a new line (at `indent`) where the next would overflow. */
function flow(pieces: [string, Paint][], width: number, indent: string, chalk: ChalkInstance): string[] {
  const lines: string[] = [];
  let line = indent;
  let used = indent.length;
  for (const [text, paint] of pieces.filter(([t]) => t !== '')) {
    const n = [...text].length;
    if (used > indent.length && used + 3 + n > width) {
      lines.push(line);
      line = indent;
      used = indent.length;
    }
    if (used > indent.length) {
      line += chalk.dim(' · ');
      used += 3;
    }
    line += paint(text);
    used += n;
  }
  return [...lines, line];
}

function confidence(c: number | undefined, chalk: ChalkInstance): [string, Paint] {
  if (c === undefined) return ['', String];
  return [`confidence ${c.toFixed(2)}`, c >= 0.8 ? chalk.green : c >= 0.6 ? chalk.yellow : chalk.red];
}

/** Context, dimmed: each of its lines (a table row, a sentence) hangs two columns under its start. */
function context(text: string, at: number, o: ViewOptions): string[] {
  return text
    .split('\n')
    .flatMap((line) => wrap(line, o.width, ' '.repeat(at + 2), ' '.repeat(at)))
    .map((l) => o.chalk.dim(l));
}

function entryLines(e: EvidenceEntry, o: ViewOptions): string[] {
  const { chalk, width } = o;
  const out = wrap(e.consensus || '(no claim)', width, '     ', '   ▸ ');
  // One source: its statuses sit on the entry's line; several: a line per source.
  const single = e.notes.length === 1 && e.sources.length <= 1;
  out.push(
    ...flow(
      [
        [e.sources.length ? `[${e.sources.join(' ')}]` : '', chalk.cyan],
        [single ? e.notes[0]!.statuses.join(', ') : '', chalk.magenta],
        confidence(e.confidence, chalk),
      ],
      width,
      '     ',
      chalk,
    ),
  );
  for (const n of e.notes) {
    if (!single)
      out.push(
        ...flow(
          [
            [n.id, chalk.cyan],
            [n.statuses.join(', ') || '-', chalk.magenta],
          ],
          width,
          '       ',
          chalk,
        ),
      );
    for (const c of n.context) out.push(...context(c, single ? 7 : 9, o));
  }
  for (const c of e.context) out.push(...context(c, 7, o));
  return out;
}

function chainLines(c: EvidenceChainView, i: number, o: ViewOptions): string[] {
  const { chalk, width } = o;
  const number = `${String(i + 1).padStart(2)}.`;
  const bar = c.relevance === undefined ? '' : `${relevanceBar(c.relevance, chalk)}  `;
  const pad = ' '.repeat(number.length + 1 + (bar ? 15 : 0));
  const head = wrap(c.facet ?? '', width, pad);
  const first = (head[0] ?? '').slice(pad.length);
  const out = [`${chalk.bold(number)} ${bar}${chalk.bold(first)}`, ...head.slice(1).map((l) => chalk.bold(l))];
  for (const e of c.entries) out.push(...entryLines(e, o));
  if (c.text) out.push(...wrap(c.text, width, '    '));
  return out;
}

// Registry attributes in reading order (with the columns to drop first when the terminal is
// narrow); any others a deployment sends follow them.
const COLUMNS: { key: string; head: string; flexible?: boolean; drop?: number }[] = [
  { key: 'id', head: 'id' },
  { key: 'ticker', head: 'ticker' },
  { key: 'company', head: 'company', flexible: true, drop: 2 },
  { key: 'form', head: 'form', drop: 4 },
  { key: 'fiscal_year', head: 'year', drop: 5 },
  { key: 'period_end', head: 'period end', drop: 1 },
  { key: 'filed', head: 'filed', drop: 3 },
  { key: 'item', head: 'item', flexible: true },
  { key: 'title', head: 'title', flexible: true },
];

export function sourcesTable(sources: RegistrySource[], o: ViewOptions): string {
  const known = new Set(COLUMNS.map((c) => c.key).concat('url'));
  const extra = [...new Set(sources.flatMap((s) => Object.keys(s.attrs)))].filter((k) => !known.has(k));
  const cols = [...COLUMNS, ...extra.map((key) => ({ key, head: key, flexible: true, drop: 0 }))].filter((c) =>
    sources.some((s) => s.attrs[c.key]),
  );
  const rows = sources.map((s) => cols.map((c) => (c.key === 'id' ? o.chalk.cyan(s.id) : (s.attrs[c.key] ?? ''))));
  return renderTable(cols, rows, { width: o.width, bold: o.chalk.bold });
}

/** The addresses of the sources, one line per address with the ids that share it. */
function links(sources: RegistrySource[], o: ViewOptions): string[] {
  const byUrl = new Map<string, string[]>();
  for (const s of sources) if (s.attrs.url) byUrl.set(s.attrs.url, [...(byUrl.get(s.attrs.url) ?? []), s.id]);
  return [...byUrl].map(([url, ids]) => `${o.chalk.cyan(ids.join(' '))}  ${o.chalk.underline(url)}`);
}

export function renderEvidenceView(ev: ParsedEvidence, o: ViewOptions): string {
  const { chalk } = o;
  const count = `${ev.chains.length} chain${ev.chains.length === 1 ? '' : 's'}, ${ev.sources.length} source${ev.sources.length === 1 ? '' : 's'}`;
  const out = [`${chalk.bold.underline('Evidence')} ${chalk.dim(count)}`, ''];
  for (const [i, c] of ev.chains.entries()) out.push(...chainLines(c, i, o), '');
  if (ev.sources.length) {
    out.push(chalk.bold.underline('Sources'), sourcesTable(ev.sources, o), ...links(ev.sources, o), '');
  }
  return out.join('\n');
}
