// The figures of a request: a question's (found before the evidence is final, their rows joining it),
// a figure spec's (`filings figures`, no question to read and no evidence to search), and either as
// records once the evidence is final.
import { filterValues } from '../contract/filters.js';
import type { ValidRequest } from '../contract/validate.js';
import type { FigureGap, FigureRecord, FigureSpec, NoticePayload, ResearchResponse } from '../contract/types.js';
import { conflictNotices, disagreementNotices } from './answer/fact-notices.js';
import { answerFigures } from './answer/figure-answer.js';
import type { FigureAnswer } from './answer/figure-lines.js';
import { figurePayload, type FigurePayload } from './answer/figure-payload.js';
import { answerGrid, isGrid, pointOf } from './answer/grid.js';
import { CompanyFacts } from './answer/lookup/company-facts.js';
import { indexReader } from './answer/qualitative/reader.js';
import { allSegments } from './answer/qualitative/segments.js';
import type { FigureFinder } from './answer/lookup/find.js';
import { gridText } from './answer/write-grid.js';
import { picksChain } from './evidence/chains.js';
import { incorporatedNotes } from './evidence/incorporated.js';
import { SourceRegistry, shortId } from './evidence/sources.js';
import type { EvidenceChain } from './evidence/types.js';
import type { IndexHandle } from './index/open.js';
import type { IndexedTable, SectionRow } from './index/types.js';
import { MAX_FIGURES, MAX_SCREEN_MEMBERS } from './limits.js';
import { latestYearOf, type MemberContext, membersOf } from './answer/members.js';
import type { Pace } from './pace.js';
import { readingOfSpec } from './question/spec.js';
import type { Directory } from './retrieve/directory.js';
import { allowedByCaller, inScope } from './retrieve/scope.js';
import type { CompanySet, Reading } from './question/reading.js';
import { gicsName } from '../contract/gics.js';
import { validationError } from '../contract/errors.js';
import type { Scope } from './retrieve/scope.js';

/** What a question's figures need of its retrieval. */
export interface Retrieved {
  reading: Reading;
  scope: Scope;
  chains: EvidenceChain[];
  maxChains: number;
}

export class EngineFigures {
  constructor(
    private readonly index: IndexHandle,
    private readonly directory: Directory,
    private readonly finder: FigureFinder,
    private readonly names: Map<string, string>,
    private readonly sections: (filingId: number) => SectionRow[],
  ) {}

  /** The figures an answer states, resolved before the evidence is final: rows and sentences it uses
   * that the evidence lacks join it as one more chain (in place of the weakest when at the cap).
   * `pace` is called between companies and cells (pace.ts). */
  async ofQuestion(v: ValidRequest, r: Retrieved, pace: Pace, namedOnly = !r.reading.figure): Promise<FigureAnswer | undefined> {
    // A question read as asking for a passage asks for a figure after all when its words name one fact
    // of the period it names (answerFigures then states figures only of such a fact).
    if (namedOnly && (r.reading.measures.length === 0 || r.reading.period.years.length === 0)) return undefined;
    // Companies asked as a set: a screen of its members.
    if (r.reading.set) return namedOnly ? undefined : this.ofScreen(v, r, pace);
    let tickers = filterValues(r.scope.applied.sec_ticker);
    // No company named: the company of the best evidence, when one stands out (never for a name as near
    // two companies, which the answer asks about instead).
    if (tickers.length === 0 && !r.reading.ambiguousCompanies?.length) {
      const top = r.chains
        .slice(0, 3)
        .map((c) => c.entries[0]?.sources[0]?.source.filing.sec_ticker)
        .filter((t): t is string => !!t);
      if (top.length > 0 && top.every((t) => t === top[0])) tickers = [top[0]!];
    }
    // A company named that the index holds no filings of, but whose company facts it holds, is answered
    // from them (unless the caller's filters name the companies).
    const factsOnly = r.scope.missing.filter((m) => this.facts(m.ticker));
    const named = v.filters?.sec_ticker
      ? []
      : r.reading.companies.map((c) => c.ticker).filter((t) => !tickers.includes(t) && !this.directory.byTicker.get(t)?.filingCount);
    tickers = [...new Set([...tickers, ...factsOnly.map((m) => m.ticker), ...named.filter((t) => this.facts(t))])];
    const missing = r.scope.missing.filter((m) => !factsOnly.includes(m));
    if (tickers.length === 0) return undefined;
    // The caller's filters win: only the filings they allow, and with an item filter only the tables in
    // those items, are read for figures beyond the evidence.
    const filings = allowedByCaller(v.filters, this.directory.filingsOf(tickers));
    const allowed = v.filters?.sec_item_tag ? (t: IndexedTable) => t.rowIds.length > 0 && inScope(r.scope, t.rowIds[0]!) : undefined;
    // At the cap, the weakest chain makes room first, so that what the answer cites is in what is kept.
    const dropped = r.chains.length >= r.maxChains ? r.chains.pop() : undefined;
    const years = askedYears(r, tickers);
    // No year asked and no filing to take one from: the newest year the company facts hold.
    if (years.length === 0) {
      const held = tickers.flatMap((t) => this.facts(t)?.latestYear() ?? []);
      if (held.length > 0) years.push(Math.max(...held));
    }
    // However many companies, measures and years a question names, one answer looks for at most
    // MAX_FIGURES figures: past that none (each is a search of the company's tables and text).
    const asked = {
      companies: tickers.length + missing.length,
      measures: Math.max(1, r.reading.measures.length),
      years: Math.max(1, years.length),
    };
    if (asked.companies * asked.measures * asked.years > MAX_FIGURES) {
      if (dropped) r.chains.push(dropped);
      if (namedOnly) return undefined;
      const point = pointOf(r.reading);
      return {
        lines: [{ kind: 'too-many', ticker: tickers[0]!, asked, limit: MAX_FIGURES }],
        picks: [],
        asked: { measures: r.reading.measures, years, point },
      };
    }
    const grid = !namedOnly && isGrid(r.reading, [...tickers, ...missing.map((m) => m.ticker)], years);
    const answer = await (grid ? answerGrid : answerFigures)({
      reading: r.reading,
      tickers,
      years,
      missing,
      facts: this.facts,
      filings,
      chains: r.chains,
      finder: this.finder,
      names: this.names,
      parts: (t, y) => this.segments(t, y),
      ...(allowed ? { allowed } : {}),
      ...(namedOnly ? { namedOnly } : {}),
      pace,
    });
    answer.asked = { measures: r.reading.measures, years, point: pointOf(r.reading) };
    if (namedOnly && answer.lines.length === 0) {
      if (dropped) r.chains.push(dropped);
      return undefined;
    }
    this.joinPicks(answer, r, dropped);
    return answer;
  }

  /** The rows and sentences an answer reads join its evidence as one more chain (in place of the
   * weakest, `dropped`, at the cap). */
  private joinPicks(answer: FigureAnswer, r: Retrieved, dropped: EvidenceChain | undefined): void {
    const chain =
      answer.picks.length > 0
        ? picksChain(this.index, answer.picks, 'figures the answer reads', new SourceRegistry(this.index, r.chains))
        : undefined;
    if (chain ?? dropped) r.chains.push((chain ?? dropped)!);
  }

  /** Where a set's members are looked up: the directory, and which years their company facts hold. */
  private members(partOfYear: boolean): MemberContext {
    return { dir: this.directory, factsHold: (t, y) => !!this.facts(t)?.holdsYear(y), partOfYear };
  }

  /** A screen: the question's figure of each member of the set it asks (a sector, sub-industries, a
   * company's peers, the index), each found as its single question finds it, in one grid; ranked over
   * the members stated, the others named. The members are those whose filings or company facts report
   * the year asked (the set's newest annual report's, when none is). */
  private async ofScreen(v: ValidRequest, r: Retrieved, pace: Pace): Promise<FigureAnswer> {
    const reading = r.reading;
    const set = reading.set!;
    const point = pointOf(reading);
    const partOfYear = point.quarter !== undefined || !!point.trailing || !!point.secondHalf;
    const asked = [...r.scope.askedYears];
    if (asked.length === 0) asked.push(...(this.latestOf(set) ?? []));
    const held = new Set(asked.flatMap((y) => membersOf(set, y, this.members(partOfYear))));
    // The caller's filters win: only the companies they allow.
    const allowed = v.filters?.sec_ticker ? new Set(filterValues(v.filters.sec_ticker)) : undefined;
    const tickers = [...held].filter((t) => !allowed || allowed.has(t)).sort();
    const measures = Math.max(1, reading.measures.length);
    const dropped = r.chains.length >= r.maxChains ? r.chains.pop() : undefined;
    // One measure of one year of each member is a screen; more is a grid bounded as any other.
    const figures = tickers.length * measures * Math.max(1, asked.length);
    const limit = measures * asked.length > 1 ? MAX_FIGURES : MAX_SCREEN_MEMBERS;
    if (tickers.length > 0 && figures > limit) {
      if (dropped) r.chains.push(dropped);
      return {
        lines: [{ kind: 'too-many', ticker: tickers[0]!, asked: { companies: tickers.length, measures, years: asked.length }, limit }],
        picks: [],
        asked: { measures: reading.measures, years: asked, point },
      };
    }
    // (Each member's figure exactly as its spec finds it: no other company's evidence weighs on it.)
    const answer = await answerGrid({
      reading,
      tickers,
      years: asked,
      missing: [],
      facts: this.facts,
      filings: allowedByCaller(v.filters, this.directory.filingsOf(tickers)),
      chains: [],
      finder: this.finder,
      names: this.names,
      pace,
    });
    answer.asked = { measures: reading.measures, years: asked, point };
    this.joinPicks(answer, r, dropped);
    return answer;
  }

  /** The newest fiscal year of a set's annual reports (or company facts), as a list of one or none. */
  private latestOf(set: NonNullable<Reading['set']>): number[] | undefined {
    const y = latestYearOf(set, this.directory, (t) => this.facts(t)?.latestYear()[0]);
    return y === undefined ? undefined : [y];
  }

  /** Every segment the company's annual report of `year` lists (the nearest later one's, else). */
  private segments(ticker: string, year: number): string[] | undefined {
    const annual = this.directory
      .filingsOf([ticker])
      .filter((f) => f.sec_form_type.startsWith('10-K') && Number(f.sec_fiscal_year.slice(3)) >= year)
      .sort((a, b) => a.sec_fiscal_year.localeCompare(b.sec_fiscal_year));
    const reader = indexReader(this.index, this.sections);
    for (const f of annual.slice(0, 2)) {
      const names = allSegments(reader, f);
      if (names) return names;
    }
    return undefined;
  }

  /** Figures the answer could not find that are in a 10-K's annual report exhibit the index lacks. */
  elsewhere(figures: FigureAnswer | undefined): string[] {
    const absent = (figures?.lines ?? []).flatMap((l) => (l.kind === 'absent' ? [{ ticker: l.ticker, year: l.point.year }] : []));
    return absent.length ? incorporatedNotes(this.index, this.directory.filings, this.sections, absent) : [];
  }

  /** The grid a figure spec asks (`filings figures`): the same figure path as a question's cells, with
   * no question to read and no evidence to search; every figure cites its filing by accession. `pace` is
   * called between companies and cells (pace.ts). */
  async ofSpec(spec: FigureSpec, requestId: string, pace: Pace): Promise<ResearchResponse> {
    // A company the index holds filings or company facts of.
    const held = (t: string) => (this.directory.byTicker.get(t)?.filingCount ?? 0) > 0 || !!this.facts(t);
    const set = spec.set ? specSet(spec.set) : undefined;
    // A set's members (a screen): those whose filings or facts report the years asked (its newest).
    const setYears = set ? (spec.years ?? this.latestOf(set) ?? []) : [];
    const asked = set ? [...new Set(setYears.flatMap((y) => membersOf(set, y, this.members(false))))].sort() : spec.tickers;
    if (set) screenBound(asked.length, spec.measures.length, setYears.length);
    const tickers = asked.filter(held);
    const missing = asked.filter((t) => !held(t)).map((t) => ({ ticker: t, name: this.names.get(t) ?? t }));
    const filings = this.directory.filingsOf(tickers);
    // No years asked: the newest fiscal year an annual report of theirs is of (or their facts hold).
    const annual = filings.filter((f) => f.sec_form_type.startsWith('10-K')).map((f) => Number(f.sec_fiscal_year.slice(3)));
    for (const t of tickers) if (!filings.some((f) => f.sec_ticker === t)) annual.push(...(this.facts(t)?.latestYear() ?? []));
    const latest = set ? setYears : annual.length > 0 ? [Math.max(...annual)] : [];
    const reading = readingOfSpec(set ? { ...spec, tickers: asked } : spec, this.directory, latest, set);
    const answer = await answerGrid({
      reading,
      tickers,
      years: reading.period.years,
      missing,
      filings,
      chains: [],
      finder: this.finder,
      names: this.names,
      facts: this.facts,
      pace,
    });
    const payload = this.payload(answer, []);
    citeSources(payload.figures);
    const cells = payload.grid?.cells ?? [];
    const stated = cells.filter((c) => c.figure).length;
    const notices: NoticePayload[] = missing.length
      ? [
          {
            code: 'COMPANY_NOT_IN_INDEX',
            message:
              `the index holds no filings of ${missing.map((m) => `${m.name} (${m.ticker})`).join(', ')}; ` +
              `add them with: filings corpus pull ${missing.map((m) => m.ticker).join(' ')}`,
          },
        ]
      : [];
    if (set && asked.length === 0)
      notices.push({
        code: 'SET_HAS_NO_MEMBERS',
        message: `no company of ${set.text} in the index reports fiscal ${setYears.join(', ') || 'any year'}`,
      });
    notices.push(...yearNotices(payload.gaps), ...this.notices(payload.figures));
    return {
      request_id: requestId,
      ...(notices.length ? { notices } : {}),
      answer: { text: gridText(payload, this.names) },
      analysis: {
        text: `Figures: ${stated} of ${cells.length} cells stated.`,
        figures: payload.figures,
        ...(payload.grid ? { grid: payload.grid } : {}),
        gaps: payload.gaps,
      },
    };
  }

  /** The records of a figure answer, citing the final evidence. */
  payload(figures: FigureAnswer, chains: EvidenceChain[]): FigurePayload {
    return figurePayload(figures, {
      chains,
      names: this.names,
      fiscalNaming: this.fiscalNaming,
      filingsOf: (t) => this.directory.byTicker.get(t)?.filings ?? [],
      itemOf: (id) => this.index.section(id)?.item_tag ?? null,
      factsHold: (t, y) => !!this.facts(t)?.holdsYear(y),
    });
  }

  /** The notices of the company facts behind the figures: a text figure they disagree with, a fact its
   * filing gave two values of. */
  notices(figures: FigureRecord[]): NoticePayload[] {
    return [...disagreementNotices(figures), ...conflictNotices(this.index.db, figures)];
  }

  /** A company's XBRL company facts, when the index holds them (read once a company). */
  readonly facts = (ticker: string): CompanyFacts | undefined => {
    if (!this.factCache.has(ticker))
      this.factCache.set(ticker, CompanyFacts.of(this.index.db, ticker, this.directory.byTicker.get(ticker)?.fiscalNameOffset));
    return this.factCache.get(ticker);
  };
  private readonly factCache = new Map<string, CompanyFacts | undefined>();

  /** Companies that name their fiscal years off the index's labels, and the offset. */
  get fiscalNaming(): Map<string, number> {
    return new Map(this.directory.companies.filter((c) => c.fiscalNameOffset !== 0).map((c) => [c.ticker, c.fiscalNameOffset]));
  }
}

/** A spec's set as the reading holds it: its GICS name as the constituents write it. */
function specSet(s: NonNullable<FigureSpec['set']>): CompanySet {
  if (s.kind === 'index') return { kind: 'index', names: [], text: 'every company of the index' };
  const name = gicsName(s.kind, s.name ?? '') ?? s.name ?? '';
  return { kind: s.kind, names: [name], text: name };
}

/** A spec's screen of `members` within its bound (limits.ts): one measure of one year of each, up to
 * MAX_SCREEN_MEMBERS; more measures or years, MAX_FIGURES figures in all, as any grid. */
function screenBound(members: number, measures: number, years: number): void {
  const figures = members * measures * Math.max(1, years);
  const limit = measures * years > 1 ? MAX_FIGURES : MAX_SCREEN_MEMBERS;
  if (figures <= limit) return;
  throw validationError([
    {
      code: 'FIGURE_SPEC_INVALID',
      loc: ['spec'],
      message:
        `the set has ${members} members: ${figures.toLocaleString('en-US')} figures with ${measures} measure(s) and ${years} year(s), ` +
        `over the ${limit.toLocaleString('en-US')} one answer looks for; a screen asks one measure of one year of up to ` +
        `${MAX_SCREEN_MEMBERS.toLocaleString('en-US')} members`,
    },
  ]);
}

/** With no evidence to cite (a figure spec's answer), each filing a figure is printed in is a source of
 * its own, lettered as evidence sources are (A, B, ...): the letters the answer and the table cite. */
function citeSources(records: FigureRecord[]): void {
  const letters = new Map<string, string>();
  for (const r of records) {
    if (!r.source || r.status === 'derived') continue;
    const key = `${r.source.accession}:${r.source.item ?? ''}`;
    if (!letters.has(key)) letters.set(key, shortId(letters.size));
    r.citation = letters.get(key)!;
  }
}

/** A notice for each company with fiscal years asked of which the index holds no filing (a company it
 * holds nothing of has its own notice, COMPANY_NOT_IN_INDEX): the years, and the command that adds them. */
export function yearNotices(gaps: FigureGap[]): NoticePayload[] {
  const years = new Map<string, { company: string; years: Set<number> }>();
  for (const g of gaps) {
    if (g.code !== 'not_held' || !g.pull?.includes('--years')) continue;
    const at = years.get(g.ticker) ?? { company: g.company, years: new Set<number>() };
    at.years.add(g.fiscal_year);
    years.set(g.ticker, at);
  }
  return [...years].map(([ticker, { company, years: ys }]) => {
    const sorted = [...ys].sort((a, b) => a - b);
    const span = sorted.length > 1 ? `${sorted[0]}-${sorted[sorted.length - 1]}` : `${sorted[0]}`;
    return {
      code: 'FISCAL_YEAR_NOT_IN_INDEX',
      message:
        `the index holds no filing of ${company} (${ticker}) for fiscal ${sorted.join(', ')} that states what was asked; ` +
        `add ${sorted.length > 1 ? 'them' : 'it'} with: filings corpus pull ${ticker} --years ${span}`,
    };
  });
}

/** The fiscal years a figure is asked for: the question's, else each company's latest annual report's
 * (a 10-Q newer than it holds no annual figure), else its latest filing's. */
function askedYears(r: Retrieved, tickers: string[]): number[] {
  if (r.scope.askedYears.length > 0) return r.scope.askedYears;
  const own = r.scope.filings.filter((f) => tickers.includes(f.sec_ticker ?? ''));
  const wantsQuarter = r.reading.period.quarter !== undefined || r.reading.period.trailing || r.reading.period.latestQuarter;
  const annual = wantsQuarter ? own : own.filter((f) => f.sec_form_type.startsWith('10-K'));
  const years = (annual.length ? annual : own).map((f) => Number(f.sec_fiscal_year.slice(3)));
  return years.length ? [Math.max(...years)] : [];
}
