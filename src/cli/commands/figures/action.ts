// `filings figures`: line items over companies and years with no question to read. The embedded engine
// answers the spec itself; a service, which takes only questions, is asked one naming the same
// companies, measures and years, with them as filters too.
import type { FigureSpec, ResearchRequest, ResearchResponse } from '../../../contract/types.js';
import type { ActionContext } from '../../command.js';
import { FiguresIncompleteError, UsageError } from '../../errors.js';
import { withInterrupt } from '../../interrupt.js';
import { figureCounts, figureRecords } from '../../output/figure-rows.js';
import { chosenFormat, formatDef, type FormatName, type View } from '../../output/formats.js';
import { wrap } from '../../render/wrap.js';

interface FiguresOpts {
  measure?: string[];
  years?: string;
  listMeasures?: boolean;
  sector?: string;
  subIndustry?: string;
  all?: boolean;
  rank?: boolean | string;
  top?: string;
}

/** The set a spec asks instead of tickers (--sector, --sub-industry, --all), at most one. */
function setOf(o: FiguresOpts, tickers: string[]): FigureSpec['set'] {
  const sets: NonNullable<FigureSpec['set']>[] = [
    ...(o.sector !== undefined ? [{ kind: 'sector' as const, name: o.sector.trim() }] : []),
    ...(o.subIndustry !== undefined ? [{ kind: 'sub_industry' as const, name: o.subIndustry.trim() }] : []),
    ...(o.all ? [{ kind: 'index' as const }] : []),
  ];
  if (sets.length > 1) throw new UsageError('--sector, --sub-industry and --all name one set each: give one of them');
  if (sets.length === 1 && tickers.length > 0)
    throw new UsageError(`name the companies by ticker or as a set, not both (${tickers.join(' ')} with --${optionName(sets[0]!)})`);
  if (sets[0] && sets[0].kind !== 'index' && !sets[0].name) throw new UsageError(`--${optionName(sets[0])} needs a name`);
  return sets[0];
}
const optionName = (s: NonNullable<FigureSpec['set']>) => (s.kind === 'sector' ? 'sector' : s.kind === 'index' ? 'all' : 'sub-industry');

/** --rank [desc|asc] and --top N. */
function rankOf(o: FiguresOpts): Pick<FigureSpec, 'rank' | 'top'> {
  const top = o.top === undefined ? undefined : Number(o.top);
  if (top !== undefined && !(Number.isInteger(top) && top >= 1))
    throw new UsageError(`--top: "${o.top}" is not a whole number of companies (1 or more)`);
  const rank = o.rank === true ? 'desc' : o.rank === false || o.rank === undefined ? undefined : (o.rank as 'desc' | 'asc');
  return { ...((rank ?? top) ? { rank: rank ?? 'desc' } : {}), ...(top ? { top } : {}) };
}

/** "2019-2023", "2021,2022", "2023" (two digits too: "FY21-FY23"), oldest first. */
export function parseYears(text: string): number[] {
  const full = (y: string) => (y.length === 2 ? 2000 + Number(y) : Number(y));
  const years = new Set<number>();
  for (const part of text.split(/\s*,\s*/)) {
    const m = /^(?:fy)?(\d{4}|\d{2})(?:\s*(?:-|–|\.\.|to)\s*(?:fy)?(\d{4}|\d{2}))?$/i.exec(part.trim());
    if (!m) throw new UsageError(`--years: "${part}" is not a fiscal year or range (2023, 2019-2023, 2021,2022)`);
    const a = full(m[1]!);
    const b = m[2] ? full(m[2]) : a;
    if (a < 1990 || b > 2100 || b < a || b - a > 30) throw new UsageError(`--years: "${part}" is not a range of fiscal years from 1990`);
    for (let y = a; y <= b; y++) years.add(y);
  }
  return [...years].sort((x, y) => x - y);
}

/** The question a service is asked for a spec, with the companies (or the set's sector or
 * sub-industry) and years as filters too. */
export function figuresRequest(spec: FigureSpec, names: string[]): ResearchRequest {
  const list = (xs: string[]) => (xs.length > 1 ? `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}` : xs[0]!);
  const years = spec.years ?? [];
  const set = spec.set;
  const who = !set ? list(spec.tickers) : set.kind === 'index' ? 'all companies of the index' : `the ${set.name} companies`;
  const order = spec.rank
    ? `, ranked ${spec.top ? `(the ${spec.rank === 'asc' ? 'bottom' : 'top'} ${spec.top}) ` : ''}${spec.rank === 'asc' ? 'lowest' : 'highest'} first`
    : '';
  const where =
    set?.kind === 'sector' ? { sec_gics_sector: set.name! } : set?.kind === 'sub_industry' ? { sec_gics_sub_industry: set.name! } : {};
  return {
    query: `What were the ${list(names)} of ${who}${years.length ? ` in fiscal ${list(years.map(String))}` : ''}${order}?`,
    mode: 'research',
    metadata_filters: {
      ...(set ? where : { sec_ticker: spec.tickers }),
      ...(years.length ? { sec_fiscal_year: years.map((y) => `FY-${y}`) } : {}),
    },
    include: { answer: true, analysis: true, evidence: false, evidence_instructions: false },
  };
}

export async function runFigures({ args, opts, f, io }: ActionContext): Promise<void> {
  const o = opts as FiguresOpts;
  const format = chosenFormat(opts) as FormatName;
  const { MEASURES, closestMeasures, measureKey } = await import('../../../engine/terms.js');
  const print = async (view: View) => io.stdout.write(await formatDef(format).render(view, { pretty: io.stdout.isTTY }));
  if (o.listMeasures) {
    const rows = MEASURES.map((m) => [m.key, m.kind, m.name, m.ask.join(', ')]);
    await print({
      document: MEASURES,
      records: { columns: ['key', 'kind', 'name', 'ask'], rows },
      table: () => rows.map((r) => r.filter(Boolean).join('\t')).join('\n'),
    });
    return;
  }
  const tickers = args.map((t) => t.trim().toUpperCase()).filter(Boolean);
  const set = setOf(o, tickers);
  if (tickers.length === 0 && !set)
    throw new UsageError(
      'name at least one company by ticker, or a set: filings figures KO PEP --measure revenue, filings figures --sector Utilities -m revenue',
    );
  if (!o.measure?.length) throw new UsageError('--measure ITEM is needed (filings figures --list-measures lists them)');
  const measures = o.measure.map((m) => {
    const key = measureKey(m);
    if (!key)
      throw new UsageError(
        `--measure: "${m}" is no measure of the lexicon (closest: ${closestMeasures(m).join(', ')}); filings figures --list-measures lists them`,
      );
    return key;
  });
  const years = o.years === undefined ? undefined : parseYears(o.years);
  const spec: FigureSpec = { tickers, ...(set ? { set } : {}), measures, ...(years ? { years } : {}), ...rankOf(o) };
  const names = measures.map((k) => MEASURES.find((m) => m.key === k)!.name);

  // Ctrl-C is ours from before the backend opens to the response.
  const response: ResearchResponse = await withInterrupt(async (signal) => {
    const backend = await f.backend();
    try {
      return await (backend.figures ? backend.figures(spec, { signal }) : backend.query(figuresRequest(spec, names), { signal }));
    } finally {
      await backend.close();
    }
  });
  const grid = response.analysis?.grid;
  await print({
    document: response,
    records: figureRecords(response),
    ...(response.answer ? { text: response.answer.text } : {}),
    table: async () => {
      if (!grid) return response.answer ? wrap(response.answer.text, io.width()).join('\n') : '';
      const { renderFigureGrid } = await import('../../render/figure-grid.js');
      return renderFigureGrid(grid, response.analysis?.figures ?? [], { chalk: io.chalk(), width: io.width() });
    },
  });
  for (const n of response.notices ?? []) io.stderr.write(`${wrap(`filings: ${n.message}`, io.width()).join('\n')}\n`);
  const counts = figureCounts(response);
  if (!counts.known)
    io.stderr.write('filings: the response carries no figure records (analysis.figures): the service answered the question as text only\n');
  // (Nothing stated and no cell said why, as a service answering in text only: every cell the spec asks.)
  const asked = Math.max(tickers.length, grid?.companies.length ?? 0) * measures.length * (years?.length ?? 1);
  if (counts.stated === 0 || counts.missing > 0) throw new FiguresIncompleteError(counts.stated, counts.missing || asked);
}
