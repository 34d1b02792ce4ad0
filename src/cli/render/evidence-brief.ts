// The evidence behind an answer on a terminal, within one screen: the rows the answer cites (the entry
// of each cited source that prints the answer's figures), then each chain on one line (its relevance,
// its sources' ids and filing, its facet), then the addresses. `--evidence full` (or -v) shows every
// chain whole; pipes, files and JSON always get everything.
import type { ChalkInstance } from 'chalk';
import type { EvidenceChainView, EvidenceEntry, ParsedEvidence, RegistrySource } from './evidence-parse.js';
import { relevanceBar } from './evidence-view.js';
import { wrap } from './wrap.js';

export interface BriefOptions {
  chalk: ChalkInstance;
  width: number;
}

const len = (s: string) => [...s].length;

/** Cut to `n` columns, an ellipsis marking the cut. */
export function cut(s: string, n: number): string {
  return len(s) <= n ? s : `${[...s].slice(0, Math.max(0, n - 1)).join('')}…`;
}

/** Source ids an answer cites, in order: "[A]", "[B, C]". */
export function citedIds(answer: string): string[] {
  return [...new Set([...answer.matchAll(/\[([A-Z]{1,3}(?:,\s*[A-Z]{1,3})*)\]/g)].flatMap((m) => m[1]!.split(/,\s*/)))];
}

/** The numbers an answer states, as digits ("$1,577 million" -> "1577", "5.2%" -> "5.2"); years left out. */
function numbersOf(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(/\d[\d,]*(?:\.\d+)?/g)) {
    const n = m[0].replace(/,/g, '').replace(/\.$/, '');
    if (!/^(?:19|20)\d\d$/.test(n) && n.length >= 2) out.add(n);
  }
  return out;
}

const MAX_CITED_ROWS = 6;

/** The entries of cited sources that print the answer's numbers, in the evidence's order: for each
 * number the first such entry, each entry once. */
export function citedRows(answer: string, chains: EvidenceChainView[]): { id: string; entry: EvidenceEntry }[] {
  const wanted = numbersOf(answer);
  const ids = citedIds(answer);
  const rows: { id: string; entry: EvidenceEntry }[] = [];
  for (const entry of chains.flatMap((c) => c.entries)) {
    const id = ids.find((i) => entry.sources.includes(i));
    if (!id || rows.length >= MAX_CITED_ROWS) continue;
    const found = [...numbersOf(entry.consensus)].filter((n) => wanted.has(n));
    if (found.length === 0) continue;
    for (const n of found) wanted.delete(n);
    rows.push({ id, entry });
  }
  return rows;
}

/** "MMM 10-K FY-2018 10K-Item-8": which filing and part a source is. */
export function sourceLine(s: RegistrySource | undefined): string {
  if (!s) return '';
  const a = s.attrs;
  return [a.ticker, a.form, a.fiscal_year, a.item].filter(Boolean).join(' ');
}

function chainLine(c: EvidenceChainView, i: number, sources: Map<string, RegistrySource>, o: BriefOptions): string {
  const { chalk, width } = o;
  const ids = [...new Set(c.entries.flatMap((e) => e.sources))].join(' ');
  const head = `${String(i + 1).padStart(2)}. `;
  const bar = c.relevance === undefined ? '' : `${relevanceBar(c.relevance, chalk)}  `;
  const where = [ids, sourceLine(sources.get(ids.split(' ')[0]!))].filter(Boolean).join(' ');
  const what = c.facet ?? c.entries[0]?.consensus ?? c.text ?? '';
  const line = cut([where, what].filter(Boolean).join(' · '), width - len(head) - (bar ? 15 : 0));
  return `${chalk.bold(head)}${bar}${ids && line.startsWith(ids) ? chalk.cyan(ids) + line.slice(ids.length) : line}`;
}

export function renderEvidenceBrief(ev: ParsedEvidence, answer: string, o: BriefOptions): string {
  const { chalk, width } = o;
  const sources = new Map(ev.sources.map((s) => [s.id, s]));
  const out: string[] = [];
  const rows = citedRows(answer, ev.chains);
  if (rows.length > 0) {
    out.push(chalk.bold.underline('Cited rows'));
    for (const { id, entry } of rows) {
      out.push(
        ...wrap(`[${id}] ${entry.consensus}`, width, '      ', '  ').map((l, i) =>
          i === 0 ? l.replace(`[${id}]`, chalk.cyan(`[${id}]`)) : l,
        ),
      );
      out.push(chalk.dim(cut(`      ${sourceLine(sources.get(id))}`, width)));
    }
    out.push('');
  }
  const count = `${ev.chains.length} chain${ev.chains.length === 1 ? '' : 's'}, ${ev.sources.length} source${ev.sources.length === 1 ? '' : 's'}`;
  out.push(`${chalk.bold.underline('Evidence')} ${chalk.dim(count)}`);
  for (const [i, c] of ev.chains.entries()) out.push(chainLine(c, i, sources, o));
  const byUrl = new Map<string, string[]>();
  for (const s of ev.sources) if (s.attrs.url) byUrl.set(s.attrs.url, [...(byUrl.get(s.attrs.url) ?? []), s.id]);
  for (const [url, ids] of byUrl) out.push(`${chalk.cyan(ids.join(' '))}  ${chalk.underline(url)}`);
  out.push(chalk.dim(cut('every chain whole: --evidence full (or -v)', width)), '');
  return out.join('\n');
}
