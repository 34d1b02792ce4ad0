// A Reading made from a figure spec (`filings figures KO PEP --measure revenue --years 2021-2022`): the
// same structure a question is read into, built from its parts with no text to read, so the grid is
// answered by the same figure path as a question.
import type { FigureSpec } from '../../contract/types.js';
import { LINE_ITEM, type LineItemKey } from '../lexicon/line-items.js';
import { METRIC, type MetricKey } from '../lexicon/metrics.js';
import type { Directory } from '../retrieve/directory.js';
import { words } from '../text/words.js';
import { analyzeQuery } from './analyze.js';
import { readCues } from './cues.js';
import type { CompanySet, Measure, Reading } from './reading.js';

/** The measure a lexicon key names, or undefined for a key the lexicon does not hold. */
export function measureOfKey(key: string): Measure | undefined {
  const item = LINE_ITEM.get(key as LineItemKey);
  if (item) return { text: item.name, item: item.key, words: words(item.name), qualifiers: [] };
  const metric = METRIC.get(key as MetricKey);
  if (metric) return { text: metric.name, metric: metric.key, words: words(metric.name), qualifiers: [] };
  return undefined;
}

/** The Reading of a spec. Years are newest first; none asks the latest the companies report. A set
 * (`set`, the spec's own made canonical) is the companies of a screen; the spec's rank its operation. */
export function readingOfSpec(spec: FigureSpec, dir: Directory, latest: number[], set?: CompanySet): Reading {
  const measures = spec.measures.map((k) => measureOfKey(k)!);
  const years = [...new Set(spec.years ?? latest)].sort((a, b) => b - a);
  const text = measures.map((m) => m.text).join(' and ');
  const companies = spec.tickers.map((t) => ({ ticker: t, text: dir.byTicker.get(t)?.display ?? t }));
  const links = companies.map((c) => ({ ticker: c.ticker, text: c.text, how: 'ticker' as const }));
  const fiscalYears = years.map((y) => `FY-${y}`);
  return {
    question: text,
    words: [],
    companies,
    measures,
    period: { years, ...(years.length > 1 ? { range: true } : {}), ...(spec.years ? {} : { latest: true }) },
    operation: {
      kind: 'value',
      ...(spec.rank || spec.top ? { rank: { order: spec.rank ?? 'desc', text: spec.top ? `top ${spec.top}` : 'rank' } } : {}),
      ...(spec.top ? { top: spec.top } : {}),
    },
    ...(set ? { set } : {}),
    exclusions: [],
    figure: true,
    unread: [],
    ...readCues(text, companies),
    filters: {
      links,
      spans: [],
      sec_ticker: spec.tickers,
      ...(years.length > 0 ? { sec_fiscal_year: fiscalYears, ...(years.length > 1 ? { yearRange: true } : {}) } : {}),
    },
    named: { links, ...(years.length > 0 ? { sec_fiscal_year: fiscalYears } : {}) },
    analysis: analyzeQuery(text),
  };
}
