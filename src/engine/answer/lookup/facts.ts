// A figure of an inline-XBRL filing read from its facts: the fact whose names (the row label printed
// beside it, its concept's words, its members' words) account for every word the question used for
// the measure, for the period asked by its context's dates, with every member it carries named by the
// question (a segment's figure never answers the company's, nor the company's a segment's). The fact's
// cell is what the answer cites.
import { fiscalPeriodOf, parseYmd } from '../../corpus/fiscal.js';
import type { IndexHandle } from '../../index/open.js';
import type { FactRow, FilingRow, IndexedTable } from '../../index/types.js';
import { cleanLabel } from '../../lexicon/match.js';
import type { Figure, FigureUnit } from '../resolve.js';
import type { PeriodAsk } from './columns.js';
import { labelStems, type Asked } from './row-match.js';

/** "OperatingLeaseLiabilityNoncurrent" -> its words. */
const camelWords = (local: string) => local.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2');
const localOf = (q: string) => q.split(':')[1] ?? q;

// Words that say nothing of which fact: presentation and the company's own name.
const QUIET = new Set(['total', 'net', 'amount', 'member', 'axi', 'domain', 'segment', 'report', 'consolid', 'entiti', 'the', 'of', 'and']);

const content = (text: string) => labelStems(text).filter((w) => !QUIET.has(w));

interface FactView {
  fact: FactRow;
  table: IndexedTable;
  row: number;
  /** Stems naming the fact: its row label and group, its concept's words. */
  names: Set<string>;
  /** Stems of each member it carries. */
  members: string[][];
  label: string;
}

/** The fiscal year, months and kind of a fact's period, by the filing's year end. */
function periodOfFact(f: FactRow, filing: FilingRow): { year: number; months?: number; instant: boolean } | undefined {
  const fye = filing.sec_fiscal_year_end;
  const end = parseYmd(f.end);
  const p = fiscalPeriodOf(end, fye);
  if (!p) return undefined;
  if (f.instant || !f.start) return { year: p.fiscalYear, instant: true };
  const days = (Date.parse(`${f.end}T00:00:00Z`) - Date.parse(`${f.start}T00:00:00Z`)) / 86_400_000;
  const months = Math.round(days / 30.44);
  return { year: p.fiscalYear, months, instant: false };
}

export class FactSource {
  private readonly cache = new Map<number, FactView[]>();

  constructor(
    private readonly index: IndexHandle,
    private readonly tables: (filingId: number) => IndexedTable[],
  ) {}

  /** The facts of a filing shown in its tables, with their names; none for a filing without XBRL. */
  private views(filing: FilingRow): FactView[] {
    let v = this.cache.get(filing.id);
    if (v) return v;
    v = [];
    const facts = this.index.facts(filing.id).filter((f) => f.statement_id !== null && f.value !== null);
    if (facts.length > 0) {
      const where = new Map<number, { table: IndexedTable; row: number }>();
      for (const t of this.tables(filing.id)) t.rowIds.forEach((id, row) => where.set(id, { table: t, row }));
      for (const fact of facts) {
        const at = where.get(fact.statement_id!);
        if (!at) continue;
        const r = at.table.model.rows[at.row]!;
        const label = cleanLabel(r.label);
        const names = new Set(content(`${label} ${r.group ?? ''} ${camelWords(localOf(fact.concept))}`));
        const dims = fact.dims ? (JSON.parse(fact.dims) as Record<string, string>) : {};
        const members = Object.values(dims).map((m) => content(camelWords(localOf(m).replace(/Member$/, ''))));
        v.push({ fact, table: at.table, row: at.row, names, members, label });
      }
    }
    if (this.cache.size > 24) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(filing.id, v);
    return v;
  }

  /** Whether the filing has facts at all. */
  has(filing: FilingRow): boolean {
    return this.views(filing).length > 0;
  }

  /** The facts of `filings` that answer `a` for `p`, best first; undefined when none does. */
  find(a: Asked, p: PeriodAsk, filings: FilingRow[], company?: string, allowed?: (table: IndexedTable) => boolean): { figure: Figure; rivals: Figure[] } | undefined {
    const asked = [...new Set([...a.say, ...a.quals, ...(a.item ? [] : a.need)].filter((w) => !QUIET.has(w)))];
    // A member may carry the company's own name ("Walmart International"), which the question wrote as the company.
    const own = new Set(company ? content(company) : []);
    if (asked.length === 0) return undefined;
    const cands: { f: FactView; filing: FilingRow; score: number }[] = [];
    for (const filing of filings) {
      for (const f of this.views(filing)) {
        if (allowed && !allowed(f.table)) continue;
        const per = periodOfFact(f.fact, filing);
        if (!per || per.year !== p.year) continue;
        if (p.quarter === undefined ? !(per.instant || per.months === 12) : !(per.instant ? p.months === undefined : per.months === (p.months ?? 3))) continue;
        // Every member the fact carries is named by the question.
        const memberWords = f.members.flat();
        if (!f.members.every((m) => m.length > 0 && m.every((w) => asked.includes(w) || own.has(w)) && m.some((w) => asked.includes(w)))) continue;
        // Every word the question used is a name of the fact or of one of its members.
        const all = new Set([...f.names, ...memberWords]);
        if (!asked.every((w) => all.has(w))) continue;
        // The fact's own label names nothing the question did not ask ("Credit card" of provisions).
        const labelWords = content(f.label);
        const extras = labelWords.filter((w) => !asked.includes(w) && !f.names.has(w)).length;
        const labelHits = labelWords.filter((w) => asked.includes(w)).length;
        const score = labelHits / Math.max(1, labelWords.length) + 0.01 * (filing.sec_fiscal_year === `FY-${p.year}` ? 1 : 0) - 0.1 * extras;
        cands.push({ f, filing, score });
      }
    }
    if (cands.length === 0) return undefined;
    cands.sort((x, y) => y.score - x.score);
    const toFigure = (c: (typeof cands)[number]): Figure => {
      const m = c.f.table.model;
      const col = c.f.fact.col ?? 0;
      const cell = m.rows[c.f.row]!.cells[col];
      const unit: FigureUnit = /\/shares$/.test(c.f.fact.unit ?? '') ? 'per_share' : c.f.fact.unit === 'shares' ? 'shares' : c.f.fact.unit === 'pure' ? 'percent' : c.f.fact.unit === 'usd' ? 'money' : 'number';
      const scale = unit === 'money' || unit === 'shares' ? (m.unit?.scale ?? 1) : 1;
      // The fact's value, at the table's scale (the cell prints it so).
      const value = unit === 'percent' ? c.f.fact.value! * 100 : c.f.fact.value! / scale;
      return {
        ...(a.item ? { item: a.item } : {}),
        unit,
        ticker: c.filing.sec_ticker ?? '',
        year: p.year,
        value,
        scale,
        decimals: /\.(\d+)/.exec(cell?.text ?? '')?.[1]?.length ?? 0,
        label: c.f.label,
        table: c.f.table,
        rowIndex: c.f.row,
        column: col,
        columnLabel: m.columns[col]?.label ?? '',
        inferred: false,
        filing: c.filing,
        fromStatement: m.statement !== null,
        score: c.score,
        concept: c.f.fact.concept,
      };
    };
    const best = cands[0]!;
    const value = best.f.fact.value!;
    const rivals = cands.filter((c) => c !== best && c.score >= best.score - 1e-9 && Math.abs(c.f.fact.value! - value) > Math.max(1e-9, 0.005 * Math.abs(value)));
    return { figure: toFigure(best), rivals: rivals.map(toFigure) };
  }
}

