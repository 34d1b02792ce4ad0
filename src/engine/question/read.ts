// A question read once into a Reading: the filing it names as a source, what it excludes, the company,
// the period and the filters (filters.ts), the search terms (analyze.ts), then the operation and its
// measures from the words left. Every word is accounted for: used by a part, a filler, or unread.
import type { Directory } from '../retrieve/directory.js';
import type { Inferred } from '../retrieve/scope.js';
import type { LineItemKey } from '../lexicon/line-items.js';
import { matchLexicon } from '../lexicon/match.js';
import { Account, claimCompany, maskClaimed } from './account.js';
import { analyzeQuery, askingSentences } from './analyze.js';
import { applyDefinition, findDefinition } from './definition.js';
import { inferFilters } from './filters.js';
import { pointOf } from './period.js';
import { measureOf } from './measures.js';
import { CompanyLinker } from '../companies/link.js';
import { readGridCues, withGrid } from './grid.js';
import { driverCues, type QuestionKind, readKind } from './kind.js';
import { readMeasures } from './parse-measures.js';
import { correctSpelling, type SpellingSource } from './spelling.js';
import type { Measure, Period, Reading } from './reading.js';
import { readSource } from './source.js';
import { scheduleOf } from './schedule.js';
import { partInitials } from './initials.js';
import { ownedPart } from './owned-part.js';
import { readSet, SET_NOUN, setFilters } from './sets.js';
import { DAY_DATE } from './dates.js';
import { readCues } from './cues.js';
import { askingVerbs, asEmployees, countingVerbs, countOf } from './count.js';
import { namedAgain, namedElsewhere } from './named-again.js';
import { printedNames } from './printed-names.js';
import { stem, words } from '../text/words.js';
import { isFiller, UNIT_PHRASES } from './vocabulary.js';
import { MONTH_START } from '../text/vocabulary.js';

// "excluding the Activision deal costs", "net of divestitures", "ex-FX": amounts the figure leaves out.
// The excluded words end at a period, a comma or the end: a period said with or without its preposition
// ("excluding assessed tax FY2023", "excluding taxes end of FY2024", "... current at May 31, 2024"),
// at the question's verb ("excluding current maturities did Apple report") or at a parenthesis that
// ends them (the measure's parts: "excluding accrued interest current (Level 2 Commercial Paper and
// Bonds) did Nike report"; "excluding the extra (53rd) week" is one amount).
const EXCLUDING = '(?:excluding|exclusive of|excluding the (?:impact|effect)s? of|without (?:the )?(?:impact|effect)s? of|ex-)';
const VERB = 'did|does|do|was|were|is|are|has|have|had';
const PERIOD_START = [
  String.raw`fiscal\b|fy\s*'?\d|q[1-4]\b|(?:19|20)\d\d\b|(?:first|second|third|fourth)\s+(?:quarter|half|six|nine)`,
  String.raw`(?:three|six|nine|twelve)\s+months|(?:${MONTH_START})[a-z]*\.?\s+\d`,
].join('|');
const EXCLUSION_END = [
  String.raw`\s+(?:${VERB})\s`,
  String.raw`\s*\([^)]*\)\s*(?:(?:${VERB}|in|for|at|as of|during)\s|[?.]|$)`,
  String.raw`\s+(?:(?:in|for|during|at|as of|over|from)\s+)?(?:the\s+)?(?:end\s+of\s+(?:the\s+)?)?(?:${PERIOD_START})`,
  String.raw`\s+(?:in|for|during|at|as of|over|from)\s+(?:the\s+)?(?:year|quarter)\b`,
  '[,.;?]',
  '$',
].join('|');
const EXCLUSION = new RegExp(
  String.raw`\b${EXCLUDING}\s+(?:the\s+)?(?:impact\s+of\s+|effects?\s+of\s+)?([^,.;?]+?)(?=${EXCLUSION_END})`,
  'gi',
);
const RULED_OUT = /\(\s*(?:not|other than|rather than|instead of)\b[^)]*\)/gi;
// "the latest year", "the prior year": a period said without a year.
const RELATIVE_PERIOD = new RegExp(
  [
    String.raw`\b(?:(?:the|its|their)\s+)?(?:latest|most recent|last|current|prior|previous|preceding|same)\s+` +
      String.raw`(?:fiscal\s+)?(?:year|quarter|period|fiscal year)(?:'s)?\b`,
    String.raw`\b(?:year|quarter)[- ]over[- ](?:year|quarter)\b`,
    String.raw`\byoy\b`,
  ].join('|'),
  'gi',
);
// A noun after it: the relative period is a word of a label ("current period tax positions").
const MODIFIES =
  /^\s+(?!(?:in|of|for|and|or|to|from|compared|versus|vs|than|as|at|on|did|does|was|were|is|are|had|has|have|with|by|ended|ending|end)\b)[a-z]/;
const FISCAL_WORD = /\b(?:fiscal(?:\s+year)?|fy)(?=\s+(?:19|20)\d\d\b)/gi;
const LATEST_QUARTER = /\b(?:latest|most recent|last|current|recent|newest)\s+(?:fiscal\s+|reported\s+)?quarter\b/i;
const YEAR_SPAN = /\b(?:\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)[- ](?:fiscal[- ])?years?\b/gi;
const MONTH = `(?:${MONTH_START})[a-z]*\\b\\.?`;
const PERIOD_AGAIN = new RegExp(
  [
    String.raw`\((?:the\s+)?(?:first|last|fiscal|\w+)?\s*(?:\d{1,2}|twenty-six|thirty-nine|thirteen|six|nine|three|twelve)[- ](?:weeks|months)\)`,
    String.raw`\(${MONTH}\s*(?:-|–|to|through)\s*${MONTH}(?:\s+(?:19|20)\d\d)?\)`,
    // "(fiscal years ended January 31)": a year end said without a year; a dated one is the period's own.
    String.raw`\((?:the\s+)?(?:fiscal\s+)?years?\s+(?:ended|ending)\s+(?:on\s+|in\s+)?${MONTH}(?:\s+\d{1,2})?\)`,
    String.raw`\b(?:fiscal\s+)?years?\s+(?:ended|ending)\s+(?:on\s+|in\s+)?${MONTH}(?:\s+\d{1,2})?(?![\s,]*\d)`,
  ].join('|'),
  'gi',
);
// A measure and a period ask for a figure ("What were Apple's decreases related to settlements ... for
// fiscal 2022?"), unless the question asks why or how.
const QUALITATIVE_WORD = [
  String.raw`why|describe[sd]?|explain\w*|discuss\w*|how (?:does|do|did|has|have|is|are|will|would)|what caused|what drove|strateg\w*`,
  String.raw`risks?|drivers?|reasons?|impact(?:ed|s)?|affect(?:ed|s)?|outlook|guidance|announc\w*|say|says|said|mention\w*|disclos\w*`,
  String.raw`plan(?:s|ned)?|intend\w*|expect\w*|agenda|purpose`,
].join('|');
const QUALITATIVE = new RegExp(String.raw`\b(?:${QUALITATIVE_WORD})\b`, 'i');
// "How do Hormel's peers compare on operating income": figures compared, however the question begins.
const COMPARES = /\b(?:compare[sd]?|comparison|rank(?:s|ed|ing)?|stack up|versus|vs)\b/i;
// A date written out: "January 28, 2023", "Sept. 30, 2023".
const DATE = new RegExp(String.raw`\b${DAY_DATE}`, 'gi');
const TABLE_NOUN = `(?:${[
  'rate reconciliation|reconciliation|table|footnote|note|schedule|roll-?forward|analysis',
  'disclosures?|data|summary|MD&A|statements? of [a-z ]+',
].join('|')})`;
const IN_TABLE = new RegExp(
  [
    String.raw`\b(?:in|from|per|using|based on|reviewing)\s+(?:the\s+|its\s+|their\s+)?(?:[\w'’.&()-]+\s+|[A-Za-z][\w'’.&()-]*,\s+){0,8}?${TABLE_NOUN}\b` +
      String.raw`(?:\s+(?:in|of|for)\s+[^,.:?]{1,60})?(?=\s*[,:.?]|\s*$)`,
    String.raw`(?:^|(?<=[.?!]\s))using\s+[^,?]{3,100},`,
  ].join('|'),
  'gi',
);
// Form and statement names: where to look, not what to find.
const DOCUMENT = [
  String.raw`(?:statements?|sheets?)\s+of\s+(?:cash\s+flows?|income|operations|earnings|financial\s+position|comprehensive\s+income)`,
  String.raw`balance\s+sheets?|income\s+statements?|cash\s+flows?\s+statements?|p&l|(?:form\s+)?10-?k|(?:form\s+)?10-?q`,
  String.raw`(?:form\s+)?8-?k|annual\s+reports?|quarterly\s+reports?|(?:financial\s+)?statements?|filings?`,
].join('|');
const WHERE = new RegExp(
  String.raw`\b(?:(?:in|on|from|within|using|per)\s+)?(?:the\s+|its\s+|their\s+)?(?:consolidated\s+)?(?:${DOCUMENT})\b`,
  'gi',
);

// "in dollars", "dollar amount", "$ amount", "in $": an amount asked, not a percentage.
const DOLLARS =
  /\b(?:in|as) (?:us )?dollars\b|\bdollar (?:amount|terms|value)\b|(?:^|[\s,(])\$\s*(?:amount|value|terms)\b|\bin \$(?!\s*\d)/i;
const NO_FILTERS: Inferred = { spans: [], links: [] };
// A word in this many statements of the index is one the filings use, never a misspelt company name.
const COMMON_WORD = 20;
// Kinds answered by passages whose words may have been read as a label: no figure is asked of them.
const LISTS = new Set<QuestionKind>(['acquisitions', 'products', 'headquarters', 'risk', 'segments']);

/** Reads `question`. With `infer` false (basic mode) its filters are left empty for the scope; the rest
 * of the reading is made all the same, for the answer. */
export interface ReadOptions {
  infer: boolean;
  /** What the index knows of words: a misspelt one is read as the word it was meant as. */
  spelling?: SpellingSource;
  /** Row labels the companies' filings print that hold a phrase: names with an "and" in them. */
  rowNames?: (tickers: string[], phrase: string) => string[];
  /** The one company whose tables print a name that is no company's ("CooperSurgical"), if any. */
  partOwner?: (name: string) => string | undefined;
}

export function readQuestion(asked: string, dir: Directory, opts: ReadOptions = { infer: true }): Reading {
  // Words one or two letters off a word the reading knows are read as it ("revnue": revenue).
  const spelled = opts.spelling ? correctSpelling(asked, opts.spelling, (w) => dir.byTicker.has(w.toUpperCase())) : undefined;
  const question = spelled?.text ?? asked;
  const acc = new Account(question);
  // The named source filing and the exclusions come first: their years are not the period, and a
  // company named in an exclusion ("excluding the Activision deal costs") is not one asked about.
  const src = readSource(question);
  for (const [s, e] of src?.spans ?? []) acc.claimRange(s, e, 'source');
  const exclusions: Measure[] = [];
  for (const m of question.matchAll(EXCLUSION)) {
    const start = m.index! + m[0].lastIndexOf(m[1]!);
    const ex = measureOf(
      question,
      start,
      start + m[1]!.length,
      matchLexicon(m[1]!).map((h) => ({ ...h, start: h.start! + start, end: h.end! + start })),
    );
    if (ex) exclusions.push(ex.measure);
    acc.claimRange(m.index!, m.index! + m[0].length, 'exclusion');
  }
  // "ROA is defined as: FY2022 net income / (average total assets ...)": its years are the formula's,
  // not the period; whether it is applied is decided once the measures are read.
  const definition = findDefinition(question);
  if (definition) acc.claimRange(definition.span[0], definition.span[1], 'definition');
  // "(not the wholesale equivalent)": a basis the question rules out, which no figure here is read
  // against; its words stay unread, so no figure of the simpler question is stated.
  acc.claimMatches(RULED_OUT, 'unread');
  for (const w of acc.words) if (w.role === 'unread' && isFiller(w.word)) w.role = 'filler';
  // "(first 26 weeks)", "(April-June 2023)", "(fiscal years ended January 31)": the period said again.
  acc.claimMatches(PERIOD_AGAIN, 'period');
  // The period said again is blanked whole, its parentheses too, so "first half (first 26 weeks) of
  // fiscal 2023" reads as "first half of fiscal 2023".
  const masked = maskClaimed(
    question.replace(PERIOD_AGAIN, (m) => ' '.repeat(m.length)),
    acc,
    ['source', 'exclusion', 'definition', 'period'],
  );

  let found = inferFilters(masked, dir, opts.spelling ? (w) => opts.spelling!.docs(stem(w)) >= COMMON_WORD : undefined);
  // "CooperSurgical's office and surgical net sales": a name no company has that one company's tables
  // print (a segment, a division) names that company; its words stay the measure's, narrowing it.
  const part = found.links.length === 0 && !found.ambiguous && opts.partOwner ? ownedPart(masked, opts.partOwner) : undefined;
  if (part) found = { ...found, links: [part], sec_ticker: [part.ticker] };
  // "scheduled to mature in 2025", "payments ... in fiscal 2026": a year after every filing of the
  // company is a row of its latest annual report's maturity table; that report is the source.
  const one = found.links.length === 1 ? dir.byTicker.get(found.links[0]!.ticker) : undefined;
  const schedule = !src && one ? scheduleOf(masked, one.filings, one.fiscalNameOffset ?? 0) : undefined;
  if (schedule) {
    found = { ...found, sec_fiscal_year: [`FY-${schedule.year}`] };
  }
  const source: Reading['source'] = schedule
    ? { text: question.slice(...schedule.spans[0]!), form: '10-K', fiscalYear: schedule.filingYear }
    : src?.source;
  // Sentences that only frame ("Answer in USD millions.", "Assume you are an analyst.").
  for (const [s, e] of askingSentences(question, found.spans).dropped) acc.claimRange(s, e, 'framing');
  const filters = !opts.infer
    ? NO_FILTERS
    : schedule
      ? { ...found, source: { fiscalYear: schedule.filingYear, form: '10-K' as const } }
      : withSource(found, src?.source, dir);
  for (const l of found.links) if (!CompanyLinker.namesPart(l) && l !== part) claimCompany(acc, l.text);
  for (const a of found.ambiguous ?? []) claimCompany(acc, a.text);
  for (const [s, e] of [
    ...namedAgain(question, found.links, dir.linker),
    ...namedElsewhere(question, found.links, (t) => dir.byTicker.get(t)?.display),
  ])
    acc.claimRange(s, e, 'company');
  for (const span of found.spans) acc.claimText(span, found.links.some((l) => l.text === span) ? 'company' : 'period', 0, masked);
  for (const span of found.sectionSpans ?? []) acc.claimText(span, 'filter');
  // "fiscal 2023", "fiscal year 2022", "FY 2021": the word that says the year is the company's fiscal one.
  acc.claimMatches(FISCAL_WORD, 'period');
  // (With a year named, "related to current period tax positions" names a row: its words are the label's.)
  for (const m of question.matchAll(RELATIVE_PERIOD)) {
    const label = MODIFIES.test(question.slice(m.index! + m[0].length)) && /\b(?:to|for|of|from)\s+$/i.test(question.slice(0, m.index));
    if (!(found.sec_fiscal_year?.length && label)) acc.claimRange(m.index!, m.index! + m[0].length, 'period');
  }
  // "the fiscal third quarter ended October 2, 2022": the ordinal is the period's.
  acc.claimMatches(/\b(?:fiscal\s+)?(?:first|second|third|fourth)(?=\s+(?:fiscal\s+)?quarter\s+(?:ended|ending)\b)/gi, 'period');
  acc.claimMatches(/\b(?:fiscal\s+)?year[- ]end\b/gi, 'period');
  acc.claimMatches(DATE, 'period');
  for (const re of UNIT_PHRASES) acc.claimMatches(re, 'unit');
  acc.claimMatches(WHERE, 'filter');
  // "In D.R. Horton's fiscal 2023 income tax rate reconciliation, how much did ...": the table to read,
  // not a figure asked.
  acc.claimMatches(IN_TABLE, 'filter');
  // (The words saying the amount falls due then are the period's: "scheduled to mature in 2025".)
  for (const [s, e] of schedule?.spans ?? []) acc.claimRange(s, e, 'period');

  let analysis = analyzeQuery(masked, found.spans);
  if (analysis.items.length + analysis.metrics.length + analysis.terms.length + analysis.topics.length === 0 && found.sectionSpans) {
    // "What are Pfizer's risk factors?": once company and section are filters, the section's own
    // words are all there is to search for.
    analysis = analyzeQuery(
      masked,
      found.spans.filter((sp) => !found.sectionSpans!.includes(sp)),
    );
  }
  if (analysis.items.length + analysis.metrics.length + analysis.terms.length + analysis.topics.length === 0 && analysis.overview)
    analysis = { ...analysis, terms: ['business', 'products', 'services'] };

  // Companies asked as a set (a screen), only where a figure is asked: "How do banks describe credit
  // losses?" searches banks' filings, no screen. Its words are the set's, whatever else took them
  // (a sector's words the filters took, "S&P" of "S&P 500" read as a company).
  const screen =
    analysis.items.length + analysis.metrics.length > 0 && (!QUALITATIVE.test(question) || COMPARES.test(question))
      ? readSet(masked, found.links, dir)
      : undefined;
  if (screen) {
    for (const w of acc.words) if (screen.spans.some(([s, e]) => w.start < e && w.end > s)) w.role = 'set';
    // ("Which company in the health care sector": the noun the set's members are.)
    acc.claimMatches(SET_NOUN, 'set');
  }
  // The operation and its measures, from the words no part has taken.
  const years = found.sec_fiscal_year?.length ?? 0;
  const multiYear = years > 1 || !!found.lastYears;
  // "2 year CAGR", "the three-year average": the span of years an operation runs over.
  acc.claimMatches(YEAR_SPAN, 'period');
  // Which leads, a comparison, each step, a difference between two companies: the grid's operation,
  // never words of the measure ("the higher operating income").
  const cues = readGridCues(acc.remaining(), {
    companies: found.links.length,
    years: Math.max(years, found.lastYears ?? 0),
    listed: !found.through,
    set: !!screen,
  });
  for (const [s, e] of cues.spans) acc.claimRange(s, e, 'operation');
  // "What drove ...", "Why did ...": the kind's words, never the measure's ("revenue (drove)").
  for (const [s, e] of driverCues(question)) acc.claimRange(s, e, 'kind');
  for (const [s, e] of countingVerbs(question, acc.words)) acc.claimRange(s, e, 'filler');
  // "How much revenue did Pfizer earn", "did Broadcom generate": the question's verb after its company.
  for (const [s, e] of askingVerbs(acc.words)) acc.claimRange(s, e, 'filler');
  // "Global Merchant and Network Services (GMNS)": the part's initials are another name of it.
  const initials = partInitials(question);
  for (const p of initials) acc.claimRange(p.span[0], p.span[1], 'measure');
  const left = acc.remaining();
  const parsed = readMeasures(
    left,
    multiYear,
    opts.rowNames
      ? printedNames(left, (p) =>
          opts.rowNames!(
            found.links.map((l) => l.ticker),
            p,
          ),
        )
      : [],
  );
  let operation = withGrid(parsed.operation, cues);
  for (const [s, e] of parsed.cues) acc.claimRange(s, e, 'operation');
  for (const [s, e] of parsed.used) acc.claimRange(s, e, 'measure');
  let measures = parsed.measures.map((m) => {
    const own = initials.filter((p) => [...m.qualifiers, ...m.words].some((w) => p.words.includes(w.toLowerCase())));
    return own.length > 0 ? { ...m, initials: own.map((p) => p.initials) } : m;
  });
  if (definition) ({ operation, measures } = applyDefinition(question, definition, operation, measures, acc));
  // "How much cash did Amazon generate from operations": the cash flow from operations, as the search
  // reads it (analyze.ts), not the cash balance.
  if (analysis.items.includes('operating_cash_flow'))
    measures = measures.map((m) =>
      m.item === 'cash' && m.qualifiers.some((q) => /^operat/.test(q))
        ? { ...m, item: 'operating_cash_flow' as LineItemKey, qualifiers: m.qualifiers.filter((q) => !/^operat/.test(q)) }
        : m,
    );
  // The same line item named twice ("total net sales and revenues"), nothing narrowing it: one measure.
  if (
    measures.length > 1 &&
    measures.every((m) => m.item && m.item === measures[0]!.item && m.qualifiers.length === 0) &&
    operation.kind === 'value'
  )
    measures = [{ ...measures[0]!, text: measures.map((m) => m.text).join(' and ') }];
  // "products gross margin ... in dollars": the amount the margin names, not the percentage.
  if (DOLLARS.test(question))
    measures = measures
      .map((m) => (m.metric === 'gross_margin' ? { ...m, metric: undefined, item: 'gross_profit' as LineItemKey } : m))
      .map((m) => (m.metric === undefined ? (({ metric: _m, ...rest }) => rest)(m) : m));

  for (const w of acc.words) if (!w.role && isFiller(w.word)) w.role = 'filler';
  measures = asEmployees(question, measures);
  const count = countOf(question, measures);
  // "What's Corning's headcount?": a thing the filings count asks its number, with a year or without.
  // (A set with a measure asks each member's figure: a screen.)
  const set = screen && measures.length > 0 ? screen : undefined;
  let figure =
    !!set ||
    analysis.figure ||
    (measures.length > 0 &&
      (operation.kind !== 'value' || ((found.sec_fiscal_year !== undefined || count.count !== undefined) && !QUALITATIVE.test(question))));
  const kindRead = readKind({ question, analysis, measures, operation, figure, ...count, companies: found.links.map((l) => l.text) });
  if (kindRead) {
    // The words that asked for the kind are its ("acquisitions", "brands", "headquartered").
    for (const w of acc.words) if (w.role !== 'company' && kindRead.spans.some(([s, e]) => w.start < e && w.end > s)) w.role = 'kind';
    // A list, a risk, the headquarters or what was acquired: labels the other words made ask no figure.
    if (LISTS.has(kindRead.kind) && measures.every((m) => !m.item && !m.metric)) {
      for (const w of acc.words) if (w.role === 'measure') w.role = undefined;
      measures = [];
      figure = false;
    }
  }
  // A passage question's other words are what its passage is searched by.
  if (!figure) {
    const searched = new Set([...analysis.terms, ...analysis.topics.flatMap((t) => words(t.name))]);
    for (const w of acc.words)
      if (!w.role && (searched.has(w.word.toLowerCase()) || analysis.topics.some((t) => t.ask.test(w.word)))) w.role = 'search';
  }
  for (const w of acc.words) if (!w.role) w.role = 'unread';
  // (A set without a measure is no screen: its words are searched.)
  if (screen && !set) for (const w of acc.words) if (w.role === 'set') w.role = 'search';
  const period: Period = {
    years: (filters.sec_fiscal_year ?? found.sec_fiscal_year ?? []).map((y) => Number(y.slice(3))),
    ...(found.quarter ? { quarter: found.quarter } : {}),
    ...(found.quarter && found.months ? { months: found.months } : {}),
    ...(found.secondHalf ? { secondHalf: true } : {}),
    ...(found.trailing ? { trailing: true } : {}),
    ...(found.yearRange ? { range: true } : {}),
    ...(schedule ? { scheduled: true } : {}),
  };
  const at = pointOf(question);
  if (at) period.at = at;
  if (period.years.length === 0) period.latest = true;
  if (LATEST_QUARTER.test(question) && period.quarter === undefined) period.latestQuarter = true;
  if (src?.source.fiscalYear !== undefined && period.years.length === 0) period.years = [src.source.fiscalYear];
  const companies = found.links.filter((l) => !set?.inside.includes(l)).map((l) => ({ ticker: l.ticker, text: l.text }));
  // A company named one or two letters off ("Jabill", "AAPLL") is read as it, and said so.
  const named = found.links.flatMap((l) =>
    l.how === 'typo' ? [{ from: l.text, to: `${dir.byTicker.get(l.ticker)?.display ?? l.ticker} (${l.ticker})` }] : [],
  );
  const corrections = [...(spelled?.corrections ?? []), ...named];
  return {
    question,
    words: acc.words,
    companies,
    ...(set ? { set: set.set } : {}),
    measures,
    period,
    operation,
    ...(source ? { source } : {}),
    exclusions,
    ...count,
    figure,
    ...(kindRead ? { kind: kindRead.kind } : {}),
    ...(corrections.length ? { corrections } : {}),
    ...(found.ambiguous ? { ambiguousCompanies: found.ambiguous } : {}),
    unread: acc.words.filter((w) => w.role === 'unread').map((w) => w.word),
    ...readCues(question, companies),
    filters: set && opts.infer ? setFilters(filters, set) : filters,
    named: { links: found.links, ...(found.sec_fiscal_year ? { sec_fiscal_year: found.sec_fiscal_year } : {}) },
    analysis,
  };
}

/** The named source filing is the scope's year and form; the period asked is read from it. */
function withSource(found: Inferred, source: Reading['source'], dir: Directory): Inferred {
  if (!source?.fiscalYear) return found;
  const company = found.links.length === 1 ? dir.byTicker.get(found.links[0]!.ticker) : undefined;
  const year = source.fiscalYear - (company?.fiscalNameOffset ?? 0);
  return { ...found, source: { fiscalYear: year, ...(source.form ? { form: source.form } : {}) } };
}
