import type { ValidRequest } from '../contract/validate.js';
import type { BackendEvent, CanonicalFilters, MetadataDistribution, NoticePayload, ResearchResponse } from '../contract/types.js';
import { EngineFigures, yearNotices } from './engine-figures.js';
import { ambiguousNotices, basicNotices, narrowedNotice } from './engine-notices.js';
import { indexVocabulary } from './index/vocabulary.js';
import type { SpellingSource } from './question/spelling.js';
import { stem } from './text/words.js';
import { generate } from './answer/generate.js';
import type { LlmConfig } from './answer/llm-config.js';
import { findQualitative, type QualitativeAnswer } from './answer/qualitative/find.js';
import { qualitativeKind } from './answer/qualitative/ask.js';
import { PASSAGE_KINDS } from './answer/qualitative/decline.js';
import { indexReader } from './answer/qualitative/reader.js';
import { FigureFinder } from './answer/lookup/find.js';
import { TableSource } from './answer/lookup/tables.js';
import { FigureResolver } from './answer/resolve.js';
import { agentContext } from './evidence/agent-context.js';
import { buildChains, picksChain } from './evidence/chains.js';
import { dashboard, distribution } from './evidence/distribution.js';
import { EVIDENCE_INSTRUCTIONS } from './evidence/instructions.js';
import { fitChains, renderEvidence } from './evidence/render.js';
import { SourceRegistry } from './evidence/sources.js';
import type { LinkerTables } from './companies/link.js';
import type { EvidenceChain } from './evidence/types.js';
import type { IndexHandle } from './index/open.js';
import type { SectionRow } from './index/types.js';
import { LINE_ITEM } from './lexicon/line-items.js';
import { METRIC } from './lexicon/metrics.js';
import type { Reading } from './question/reading.js';
import { describeReading } from './question/describe.js';
import { readQuestion } from './question/read.js';
import { rowNamesWith } from './retrieve/row-names.js';
import { partOwnerOf } from './retrieve/part-owners.js';
import type { QueryAnalysis } from './retrieve/analysis.js';
import { buildDirectory, openDirectory, type Directory } from './retrieve/directory.js';
import { openingHits, overviewHits } from './retrieve/opening.js';
import { fuse, planSteps } from './retrieve/plan.js';
import { allowedByCaller, inScope, resolveScope, type Scope } from './retrieve/scope.js';
import { Searcher, type Coverage, type Hit } from './retrieve/search.js';
import { SimilarStatements } from './retrieve/similar.js';
import { StatementRows } from './retrieve/statement-rows.js';
import { RANKING, type Ranking } from './retrieve/weights.js';
import { byText } from './text/compare.js';
import { type Pace, pacer } from './pace.js';

/** How wide each effort searches, and how many chains it returns by default. */
export const BREADTH = {
  low: { perRange: 60, total: 150, chains: 6 },
  medium: { perRange: 150, total: 400, chains: 10 },
  high: { perRange: 300, total: 800, chains: 16 },
} as const;

/** The most chains one response carries, whatever max_evidence asks (a public client asks 800). */
export const MAX_CHAINS = 200;
/** Characters of statement text gathered for one chain, and of one rendered chain at most: ten
 * chains stay within 30,000 characters, a size prompts and the evaluation both expect. */
export const CHAIN_BUDGET = 2_000;
export const CHAIN_CHARS = 2_900;
/** Rows taken per line item in its own sub-query, per range. */
const LINE_ITEM_ROWS = 40;

export interface EngineOptions {
  /** Ranking weights other than the defaults (retrieve/weights.ts). */
  ranking?: Partial<Omit<Ranking, 'figure'>> & { figure?: Partial<Ranking['figure']> };
  /** The model that writes answers (the CLI's llm_* settings); none: extractive answers. */
  model?: LlmConfig;
}

export interface RunOptions {
  requestId: string;
  signal?: AbortSignal;
  onEvent?: (event: BackendEvent) => void;
}

export interface Retrieval {
  chains: EvidenceChain[];
  maxChains: number;
  scope: Scope;
  reading: Reading;
  analysis: QueryAnalysis;
  plan?: { query: string; label: string; applied_metadata_filters: CanonicalFilters; found: number }[];
  notices: NoticePayload[];
}

export class Engine {
  readonly directory: Directory;
  private readonly searcher: Searcher;
  private readonly similar: SimilarStatements;
  private readonly finder: FigureFinder;
  private readonly statementRows: StatementRows;
  private readonly ranking: Ranking;
  private readonly model: LlmConfig | undefined;
  private readonly sectionCache = new Map<number, SectionRow[]>();

  constructor(
    readonly index: IndexHandle,
    readonly domain: string,
    opts: EngineOptions = {},
  ) {
    this.ranking = { ...RANKING, ...opts.ranking, figure: { ...RANKING.figure, ...opts.ranking?.figure } };
    this.model = opts.model;
    const tables = index.linkerTables() as LinkerTables | undefined;
    this.directory = openDirectory(index, tables) ?? buildDirectory(index.directoryFilings(), index.companies(), tables);
    this.searcher = new Searcher(index, this.ranking);
    this.similar = new SimilarStatements(index, this.searcher);
    const resolver = new FigureResolver(index, this.ranking.figure);
    this.finder = new FigureFinder(index, resolver, this.searcher, new TableSource(index), (t) => this.directory.filingsOf([t]));
    this.statementRows = new StatementRows(index);
  }

  /** Display names of tickers ("Walmart"). */
  private get names(): Map<string, string> {
    return (this.nameCache ??= new Map([...this.directory.byTicker].map(([t, c]) => [t, c.display])));
  }
  private nameCache: Map<string, string> | undefined;

  /** The index's words, for reading a misspelt word of a question as the word it was meant as (made on
   * first use: most questions have none). */
  private get spelling(): SpellingSource {
    if (!this.spellingCache) {
      const vocabulary = indexVocabulary(this.index.db, (id) => this.index.statement(id)?.text);
      this.spellingCache = {
        count: (word) => vocabulary.count(word),
        docs: (term) => vocabulary.docs(term),
        surfaces: (term) => vocabulary.surfaces(term, stem),
      };
    }
    return this.spellingCache;
  }
  private spellingCache: SpellingSource | undefined;

  /** Companies that name their fiscal years off the index's labels, and the offset (directory.ts). */
  private get fiscalNaming(): Map<string, number> {
    return new Map(this.directory.companies.filter((c) => c.fiscalNameOffset !== 0).map((c) => [c.ticker, c.fiscalNameOffset]));
  }

  /** The figures of questions and of figure specs (`filings figures`). */
  get figureDesk(): EngineFigures {
    return (this.figureCache ??= new EngineFigures(this.index, this.directory, this.finder, this.names, this.sections));
  }
  private figureCache: EngineFigures | undefined;

  private sections = (filingId: number): SectionRow[] => {
    let s = this.sectionCache.get(filingId);
    if (!s) this.sectionCache.set(filingId, (s = this.index.sections(filingId)));
    return s;
  };

  /** `pace` is called between its steps (pace.ts): each sub-query, each line item's rows, the chains. */
  async retrieve(v: ValidRequest, signal?: AbortSignal, pace: Pace = pacer(signal)): Promise<Retrieval> {
    this.searcher.beginRequest();
    const breadth = BREADTH[v.effort];
    const maxChains = Math.min(v.maxEvidence ?? breadth.chains, MAX_CHAINS);
    const total = Math.max(breadth.total, maxChains * 6);
    const infer = v.mode !== 'basic';
    // The question read once: scope, search terms and the answer all read this reading.
    const reading = readQuestion(v.query, this.directory, {
      infer,
      spelling: this.spelling,
      rowNames: (tickers, phrase) => rowNamesWith(this.searcher, this.directory.filingsOf(tickers), phrase),
      partOwner: (name) => partOwnerOf(this.searcher, this.directory.filings, this.directory.linker, name),
    });
    const inferred = infer ? reading.filters : undefined;
    const scope = resolveScope({ caller: v.filters, inferred, dir: this.directory, sections: this.sections });
    const analysis = reading.analysis;
    const perRange = (n: number) => (n <= 4 ? breadth.perRange : Math.max(30, Math.ceil((breadth.perRange * 4) / n)));
    let narrowed: Coverage | undefined;
    const searchIn = async (s: Scope, a = analysis): Promise<Hit[]> => {
      // An OR pass over the whole index scores every statement with any of the words: only worth it
      // when AND found fewer candidates than the chains asked for, twice over.
      const opts = {
        perRange: perRange(s.ranges?.length ?? 1),
        total,
        andMinimum: s.ranges === null ? maxChains * 2 : Math.min(40, total / 4),
      };
      await pace();
      const main = this.searcher.search(a, s, opts, signal);
      narrowed ??= this.searcher.coverage;
      // Each line item the question needs (named, or an input of a metric) is also looked up in row
      // labels, so the statement rows enter the candidates even when the question's words do not
      // appear in them ("operating margin" is printed nowhere as a row).
      const items = [...new Set([...a.items, ...a.metrics.flatMap((m) => METRIC.get(m)!.needs)])];
      if (items.length === 0 || s.ranges === null) return main;
      // Straight from the statements of the filings in scope; by label search when the scope is broad
      // or a filing's statements do not print the item.
      // Their scores are set on the scale of the question's own hits: a statement's row is as strong
      // evidence for a figure as the best passage the words found.
      const top = main[0]?.score ?? 1;
      const lists: Hit[][] = [];
      for (const k of items) {
        await pace();
        // The caller's item filter holds for rows read straight from the statements too.
        const direct = this.statementRows.rows(k, s.filings)?.filter((h) => !v.filters?.sec_item_tag || inScope(s, h.row.id));
        if (!direct || direct.length === 0) {
          lists.push(
            this.searcher.lineItemRows(k, { ...a, itemHints: [...a.itemHints, '10K-Item-8', '10Q-Part1-Item-1'] }, s, LINE_ITEM_ROWS),
          );
          continue;
        }
        const best = direct[0]!.score;
        lists.push(direct.slice(0, LINE_ITEM_ROWS).map((h) => ({ ...h, score: top * (h.score / best) })));
      }
      return fuse([main, ...lists], this.ranking.rrfK, [1, ...lists.map(() => this.ranking.lineItemList)]).slice(0, total);
    };

    let hits: Hit[];
    let plan: Retrieval['plan'];
    if (v.mode === 'agentic_research') {
      const steps = planSteps(v.query, analysis, scope.applied);
      const lists: Hit[][] = [];
      for (const step of steps) {
        const narrowed = Object.keys(step.narrow).length
          ? resolveScope({ caller: { ...scope.applied, ...step.narrow }, dir: this.directory, sections: this.sections })
          : scope;
        lists.push(await searchIn(narrowed, step.analysis));
      }
      hits = fuse(lists, this.ranking.rrfK).slice(0, total);
      plan = steps.map((s, i) => ({
        query: s.query,
        label: s.label,
        applied_metadata_filters: { ...scope.applied, ...s.narrow },
        found: lists[i]!.length,
      }));
    } else {
      hits = await searchIn(scope);
    }
    // "What does Apple do?": the business overview first, where annual reports give it (the opening
    // sentences of Item 1), then what the search found.
    if (analysis.overview) hits = [...overviewHits(this.index, this.sections, scope), ...hits];
    // A prose question whose words find nothing in a company's filings (framing alone, or words the
    // item never uses) still gets the opening of what it asked about, never no evidence.
    if (hits.length === 0 && !analysis.figure) hits = openingHits(this.index, this.sections, scope);
    await pace();
    const facetWords = [
      ...analysis.items.map((k) => LINE_ITEM.get(k)!.name),
      ...analysis.metrics.map((k) => METRIC.get(k)!.name),
      ...analysis.topics.map((t) => t.name),
      ...analysis.terms,
    ];
    const chains = buildChains(this.index, hits, { maxChains, chainBudget: CHAIN_BUDGET, facetWords, chainTail: this.ranking.chainTail });
    fitChains(chains, CHAIN_CHARS);
    const notices = [...(infer ? scope.notices : basicNotices(reading)), ...ambiguousNotices(reading)];
    if (narrowed) notices.push(narrowedNotice(narrowed));
    // How the question was read, last (`filings query --explain` shows it).
    if (infer) notices.push({ code: 'QUESTION_READ', message: describeReading(reading) });
    return { chains, maxChains, scope, reading, analysis, plan, notices };
  }

  /** A qualitative answer read from the filings of the companies asked (answer/qualitative/): the
   * statements it quotes join the evidence as its first chain (in place of the weakest at the cap). */
  private qualitative(v: ValidRequest, r: Retrieval): QualitativeAnswer | undefined {
    // The caller's filters win here too: its filings, and with an item filter only the items in scope.
    const sections = v.filters?.sec_item_tag
      ? (id: number) => this.sections(id).filter((s) => inScope(r.scope, s.first_statement))
      : this.sections;
    const found = findQualitative({
      reading: r.reading,
      scope: r.scope.filings,
      filingsOf: (ticker) => allowedByCaller(v.filters, this.directory.byTicker.get(ticker)?.filings ?? []),
      reader: indexReader(this.index, sections),
      names: this.names,
      fiscalNaming: this.fiscalNaming,
    });
    if (!found) return undefined;
    const chain = picksChain(
      this.index,
      found.picks.map((statementId) => ({ statementId })),
      found.facet,
      new SourceRegistry(this.index, r.chains),
    );
    if (!chain) return undefined;
    if (r.chains.length >= r.maxChains) r.chains.pop();
    r.chains.unshift(chain);
    return found;
  }

  async run(v: ValidRequest, opts: RunOptions): Promise<ResearchResponse> {
    const { requestId, onEvent, signal } = opts;
    onEvent?.({ event: 'retrieval.started', data: { request_id: requestId, mode: v.mode, effort: v.effort } });
    // One pace for the whole request: its steps let the event loop in, and stop once it is aborted.
    const pace = pacer(signal);
    const r = await this.retrieve(v, signal, pace);
    // A list, the auditor, what a company does, an 8-K's news or a change answers before any figure,
    // but for a question whose words are wholly one fact's names ("Walmart change in unrecognized tax
    // benefits fiscal 2025" is a row of its tax rate reconciliation).
    // (Only a question a qualitative answer would take is read for a fact's names first: the figure
    // path reads them anyway.)
    const named = v.include.answer && qualitativeKind(r.reading) ? await this.figureDesk.ofQuestion(v, r, pace, true) : undefined;
    await pace();
    const qualitative = v.include.answer && !named ? this.qualitative(v, r) : undefined;
    // (The drivers of a change, an acquisition, a brand, a risk or a place asks no figure: never one.)
    const asksNoFigure = !!r.reading.kind && PASSAGE_KINDS.has(r.reading.kind);
    const figures = named ?? (v.include.answer && !qualitative && !asksNoFigure ? await this.figureDesk.ofQuestion(v, r, pace) : undefined);
    await pace();
    onEvent?.({ event: 'retrieval.completed', data: { request_id: requestId, evidence_count: r.chains.length } });
    // One distribution for the response's fields and the analysis, when either wants it.
    const inc = v.include;
    const dist = inc.metadata_distribution || inc.metadata_dashboard || inc.analysis ? distribution(r.chains) : undefined;
    const response = this.respond(v, r, requestId, dist);
    // Every figure stated, as records (and a grid's cells over them), once the evidence is final.
    const payload = figures ? this.figureDesk.payload(figures, r.chains) : undefined;
    const figureNotes = payload ? [...yearNotices(payload.gaps), ...this.figureDesk.notices(payload.figures)] : [];
    if (figureNotes.length > 0) response.notices = [...(response.notices ?? []), ...figureNotes];
    await pace();
    if (inc.answer || inc.analysis) {
      await generate({
        v,
        response,
        answer: {
          reading: r.reading,
          chains: r.chains,
          figures,
          ...(payload ? { payload } : {}),
          qualitative,
          // (A company whose XBRL company facts the index holds is answered from them.)
          missing: r.scope.missing.filter((m) => !this.figureDesk.facts(m.ticker)),
          elsewhere: this.figureDesk.elsewhere(figures),
          names: this.names,
          fiscalNaming: this.fiscalNaming,
        },
        analysis: {
          chains: r.chains,
          distribution: dist ?? distribution(r.chains),
          applied: r.scope.applied,
          plan: r.plan,
          ...(payload ? { figures: payload } : {}),
          saysSomethingLike: (filingId, claim) => this.similar.saysSomethingLike(filingId, claim),
          filingsOf: (ticker) =>
            (this.directory.byTicker.get(ticker)?.filings ?? [])
              .map((f) => ({ id: f.id, fiscalYear: f.sec_fiscal_year, form: f.sec_form_type }))
              .sort((a, b) => byText(a.fiscalYear, b.fiscalYear)),
        },
        evidenceText: () => renderEvidence(r.chains, 'rendered'),
        instructions: EVIDENCE_INSTRUCTIONS,
        onEvent,
        signal,
        model: this.model,
      });
    }
    onEvent?.({ event: 'final', data: response });
    return response;
  }

  /** The response envelope; each field only when its include flag asks. */
  respond(v: ValidRequest, r: Retrieval, requestId: string, computed?: MetadataDistribution): ResearchResponse {
    const inc = v.include;
    const notices = [...r.notices];
    const warnings: string[] = [];
    if (r.chains.length === 0 || Math.max(...r.chains.map((c) => c.relevance)) < 4) warnings.push('LOW_EVIDENCE');
    if (r.chains.length === 0 && r.scope.missing.length === 0)
      notices.push({ code: 'NO_EVIDENCE', message: 'no statement in scope matches the question' });
    const evidence = inc.evidence || inc.agent_context ? renderEvidence(r.chains, inc.evidence_format) : '';
    const out: ResearchResponse = { request_id: requestId };
    if (notices.length > 0) out.notices = notices;
    if (inc.metadata_distribution || inc.metadata_dashboard) {
      const dist = computed ?? distribution(r.chains);
      if (inc.metadata_distribution) out.metadata_distribution = dist;
      if (inc.metadata_dashboard) out.metadata_dashboard = dashboard(dist);
    }
    if (inc.evidence) out.evidence = evidence;
    if (inc.evidence_instructions) out.evidence_instructions = EVIDENCE_INSTRUCTIONS;
    if (inc.agent_context) {
      out.agent_context = agentContext({
        instructions: EVIDENCE_INSTRUCTIONS,
        notices,
        chains: r.chains,
        evidence,
        sourceFields: ['evidence_instructions', 'notices', 'evidence'],
      });
    }
    if (inc.summary) {
      out.summary = {
        domain: this.domain,
        mode: v.mode,
        effort: v.effort,
        ...(v.filters ? { submitted_metadata_filters: v.filters } : {}),
        ...(Object.keys(r.scope.applied).length > 0 ? { applied_metadata_filters: r.scope.applied } : {}),
        evidence_count: r.chains.length,
        ...(warnings.length > 0 ? { warnings } : {}),
      };
    }
    if (r.plan) out.retrieval_plan = { queries: r.plan.map(({ found: _found, ...q }) => q) };
    return out;
  }
}
