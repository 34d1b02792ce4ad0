// A screen's answer (a set's members ranked) written from its records: which set and year, then the
// members in the order asked, a line each with its figure and citation, then the members not ranked
// and why. Nothing here finds a figure: the records are the data.
import { figureValue } from '../../contract/figure-text.js';
import type { FigureGrid, FigureRecord } from '../../contract/types.js';
import { operationOf } from '../operations/table.js';

type Ranking = NonNullable<FigureGrid['rankings']>[number];
type GridSet = NonNullable<FigureGrid['set']>;

/** "the Consumer Discretionary companies", "Apple's peers (Technology Hardware, Storage & Peripherals)". */
export function setName(s: GridSet, names: Map<string, string>): string {
  if (s.kind === 'index') return 'the companies of the index';
  if (s.kind === 'peers') return `${names.get(s.of ?? '') ?? s.of}'s peers (${s.names.join(', ')})`;
  return `the ${s.names.join(', ')} companies`;
}

/** What a set is, for a sentence that says it has no member this year. */
export function noMembers(s: GridSet, years: number[], names: Map<string, string>): string {
  const what =
    s.kind === 'index'
      ? 'the index'
      : s.kind === 'peers'
        ? `${names.get(s.of ?? '') ?? s.of}'s sub-industry (${s.names.join(', ')})`
        : `${s.names.join(', ')} (${s.kind === 'sector' ? 'sector' : 'sub-industry'})`;
  return `No company of ${what} in the index reports fiscal ${years.join(', ') || 'the year asked'}.`;
}

/** The answer's text for a ranked screen. */
export function screenText(g: FigureGrid, k: Ranking, byId: Map<string, FigureRecord>, names: Map<string, string>): string {
  const who = (t: string) => {
    const name = names.get(t) ?? t;
    return /\d/.test(name) || name === t ? t : `${name} (${t})`;
  };
  const measure = g.measures.find((m) => m.key === k.measure)?.name ?? k.measure;
  const named = operationOf(k.operation).named;
  const growth = named ? ` ${named}` : '';
  const members = g.companies.length;
  const stated = members - k.missing.length;
  if (members === 0) return noMembers(g.set!, [k.fiscal_year], names);
  const order = k.order === 'desc' ? 'highest first' : 'lowest first';
  const first = k.top ? `, the ${k.order === 'desc' ? 'top' : 'bottom'} ${k.top}` : '';
  const out = [
    `${cap(measure)}${growth} of ${setName(g.set!, names)} for fiscal ${k.fiscal_year}, ${order}${first} ` +
      `(${stated} of ${members} members stated):`,
  ];
  k.ranked.forEach((e, i) => {
    const r = byId.get(e.figure)!;
    out.push(`${i + 1}. ${who(e.ticker)}: ${figureValue(r, g.scale)}${r.citation ? ` [${r.citation}]` : ''}`);
  });
  const beyond = stated - k.ranked.length;
  if (beyond > 0) out.push(`(${beyond} more members stated after them: every member's figure is in the records.)`);
  if (k.missing.length > 0) {
    out.push(`Not ranked, their figures not stated: ${k.missing.map((m) => who(m.ticker)).join(', ')}.`);
    const reasons = [...new Set(k.missing.map((m) => m.reason))];
    out.push(...reasons);
  }
  return out.join('\n');
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
