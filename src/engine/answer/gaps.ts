// A figure asked and not stated, as data (`analysis.gaps`, a grid cell's reason): what it is of, when,
// and why, by a code a script can branch on. The index holds nothing that could print it (not_held, with
// the command that adds it); the filings held do not state it (not_stated); rows that read as it differ
// (ambiguous, with the candidates); words of the question could not be applied (words_not_read).
import type { FigureCandidate, FigureGap, FiscalPeriod, GapReason } from '../../contract/types.js';
import type { FilingRow } from '../index/types.js';
import type { FigureLine, Point } from './figure-lines.js';
import { heldText } from './holdings.js';
import type { Figure } from './resolve.js';
import type { FigureWriter } from './write-figures.js';

export interface GapContext {
  names: Map<string, string>;
  /** The company's filings in the index. */
  filingsOf: (ticker: string) => FilingRow[];
  /** Whether the company's XBRL company facts hold a fiscal year. */
  factsHold?: (ticker: string, year: number) => boolean;
  /** A row's figure as a candidate of an ambiguous figure. */
  candidate: (f: Figure) => FigureCandidate;
}

/** Where in the grid, or of which measure and period, the figure was asked. */
export interface GapAt {
  ticker: string;
  measure: string;
  point: Point;
  period: FiscalPeriod;
  operation?: string;
}

const fyOf = (f: FilingRow) => Number(f.sec_fiscal_year.slice(3));

/** The gap a line that states no figure leaves. */
export function gapOf(line: FigureLine, at: GapAt, why: FigureWriter, ctx: GapContext): FigureGap {
  const base = {
    kind: 'figure' as const,
    ticker: at.ticker,
    company: ctx.names.get(at.ticker) ?? at.ticker,
    measure: at.measure,
    fiscal_year: at.point.year,
    fiscal_period: at.period,
    ...(at.operation ? { operation: at.operation } : {}),
  };
  const gap = (code: GapReason, message: string, more: Partial<FigureGap> = {}): FigureGap => ({ ...base, code, message, ...more });
  const said = why.line(line).split('\n')[0]!;
  switch (line.kind) {
    case 'unheld':
      return gap('not_held', said, { pull: line.pull });
    case 'blocked':
      return gap('words_not_read', said, { words: line.words });
    case 'absent': {
      const m = line.missing;
      if (m.why === 'ambiguous' && m.rivals?.length) return gap('ambiguous', said, { candidates: m.rivals.map(ctx.candidate) });
      const unheld = at.operation ? undefined : notHeld(at.ticker, at.point, ctx);
      return unheld ? gap('not_held', unheld.message, { pull: unheld.pull }) : gap('not_stated', said);
    }
    default:
      return gap('not_stated', said);
  }
}

/** A fiscal year of which the index holds no filing of the company's own (and its company facts, if
 * held, not that year): the later reports held did not state it, and its own would. */
function notHeld(ticker: string, p: Point, ctx: GapContext): { message: string; pull: string } | undefined {
  const all = ctx.filingsOf(ticker);
  if (all.length === 0) return undefined;
  const quarterly = p.quarter !== undefined || p.trailing || p.secondHalf;
  const own = all.some((f) => fyOf(f) === p.year && (quarterly || f.sec_form_type.startsWith('10-K')));
  if (own || ctx.factsHold?.(ticker, p.year)) return undefined;
  const name = ctx.names.get(ticker) ?? ticker;
  const pull = `filings corpus pull ${ticker} --years ${p.year}`;
  return {
    message:
      `The index holds no ${quarterly ? 'filing' : 'annual report'} of ${name} for fiscal ${p.year} (it holds its ${heldText(all)}), ` +
      `and the later reports it holds do not state it; add it with: ${pull}.`,
    pull,
  };
}
