// `filings figures`: line items over companies and years with no question to read. The embedded engine
// answers the spec itself; a service, which takes only questions, is asked one naming the same
// companies, measures and years, with them as filters too.
import type { FigureSpec, ResearchRequest, ResearchResponse } from '../../../contract/types.js';
import type { ActionContext } from '../../command.js';
import { FiguresIncompleteError, UsageError } from '../../errors.js';
import { withInterrupt } from '../../interrupt.js';
import { wrap } from '../../render/wrap.js';

interface FiguresOpts {
  measure?: string[];
  years?: string;
  csv?: boolean;
  tsv?: boolean;
  json?: boolean;
  listMeasures?: boolean;
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

/** The question a service is asked for a spec, with the companies and years as filters too. */
export function figuresRequest(spec: FigureSpec, names: string[]): ResearchRequest {
  const list = (xs: string[]) => (xs.length > 1 ? `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}` : xs[0]!);
  const years = spec.years ?? [];
  return {
    query: `What were the ${list(names)} of ${list(spec.tickers)}${years.length ? ` in fiscal ${list(years.map(String))}` : ''}?`,
    mode: 'research',
    metadata_filters: { sec_ticker: spec.tickers, ...(years.length ? { sec_fiscal_year: years.map((y) => `FY-${y}`) } : {}) },
    include: { answer: true, analysis: true, evidence: false, evidence_instructions: false },
  };
}

export async function runFigures({ args, opts, f, io }: ActionContext): Promise<void> {
  const o = opts as FiguresOpts;
  const { MEASURES, closestMeasures, measureKey } = await import('../../../engine/measures.js');
  if (o.listMeasures) {
    if (o.json) io.stdout.write(`${JSON.stringify(MEASURES)}\n`);
    else for (const m of MEASURES) io.stdout.write(`${m.key}\t${m.kind}\t${m.name}${m.ask.length ? `\t${m.ask.join(', ')}` : ''}\n`);
    return;
  }
  const formats = [o.csv && 'csv', o.tsv && 'tsv', o.json && 'json'].filter(Boolean);
  if (formats.length > 1) throw new UsageError('choose one of --csv, --tsv, --json');
  const tickers = args.map((t) => t.trim().toUpperCase()).filter(Boolean);
  if (tickers.length === 0) throw new UsageError('name at least one company by ticker: filings figures KO PEP --measure revenue');
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
  const spec: FigureSpec = { tickers, measures, ...(years ? { years } : {}) };
  const names = measures.map((k) => MEASURES.find((m) => m.key === k)!.name);

  const backend = await f.backend();
  let response: ResearchResponse;
  try {
    response = await withInterrupt((signal) =>
      backend.figures ? backend.figures(spec, { signal }) : backend.query(figuresRequest(spec, names), { signal }),
    );
  } finally {
    await backend.close();
  }
  const figures = response.analysis?.figures ?? [];
  const grid = response.analysis?.grid;
  if (o.json) io.stdout.write(`${io.stdout.isTTY ? JSON.stringify(response, null, 2) : JSON.stringify(response)}\n`);
  else if (o.csv || o.tsv) {
    const { figuresTable } = await import('../../render/figures-csv.js');
    io.stdout.write(figuresTable(figures, o.csv ? 'csv' : 'tsv'));
  } else if (grid) {
    const { renderFigureGrid } = await import('../../render/figure-grid.js');
    io.stdout.write(renderFigureGrid(grid, figures, { chalk: io.chalk(), width: io.width() }));
  } else if (response.answer) io.stdout.write(`${wrap(response.answer.text, io.width()).join('\n')}\n`);
  for (const n of response.notices ?? []) io.stderr.write(`${wrap(`filings: ${n.message}`, io.width()).join('\n')}\n`);
  if (!response.analysis?.figures)
    io.stderr.write('filings: the response carries no figure records (analysis.figures): this service does not return them\n');
  const cells = grid ? grid.cells.length : 1;
  const stated = grid ? grid.cells.filter((c) => c.figure).length : Math.min(1, figures.length);
  if (stated < cells) throw new FiguresIncompleteError(stated, cells);
}
