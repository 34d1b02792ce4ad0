// Qualitative answers read from the filings themselves: a company's segments, the risk factors of its
// Item 1A, its auditor, what it does, what its 8-K announced, what changed between two of its reports.
// Each quotes the statements it reads (they join the evidence as one chain, so every citation is in
// it); when the filings do not say, there is no answer here and the claims of the evidence answer.
import type { StatementRow } from '../../index/types.js';
import { acquisitionsBlock } from './acquisitions.js';
import { announced, pickCurrentReport } from './announcement.js';
import { type Block, type BlockOf, byNewest, type Cite, clause, fy, owner, type QualitativeInput, quote, reportOf } from './block.js';
import { qualitativeKind, type QualitativeKind } from './ask.js';
import { signedReport } from './auditor-report.js';
import { businessSentences } from './business.js';
import { changeSentence, changeWords } from './change.js';
import { driversBlock } from './drivers.js';
import { headquartersBlock } from './headquarters.js';
import { namedRiskBlock } from './named-risk.js';
import { productsBlock } from './products.js';
import { RISK_ITEMS, headingText, riskGroups } from './risks.js';
import { segmentList } from './segments.js';
import { MONTH_NAMES } from '../../text/vocabulary.js';
import { ANSWER_TUNING } from '../tuning.js';

export type { Cite, QualitativeInput } from './block.js';

export interface QualitativeAnswer {
  kind: QualitativeKind;
  /** What the chain of quoted statements is about. */
  facet: string;
  /** The statements the answer quotes, in the order it quotes them. */
  picks: number[];
  write(cite: Cite): string;
}

const MAX_RISKS = ANSWER_TUNING.qualitative.maxRisks;

function dateOf(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  return `${MONTH_NAMES[m! - 1]!.replace(/^./, (c) => c.toUpperCase())} ${d}, ${y}`;
}

/** The companies asked about: those the question names, else the one company of the scope. */
function tickersOf(input: QualitativeInput): string[] {
  const named = [...new Set(input.reading.companies.map((c) => c.ticker))];
  if (named.length > 0) return named.slice(0, 3);
  const inScope = [...new Set(input.scope.map((f) => f.sec_ticker).filter((t): t is string => !!t))];
  return inScope.length === 1 ? inScope : [];
}

function segmentsBlock(input: QualitativeInput, ticker: string): Block | undefined {
  const filing = reportOf(input, ticker, ['10-K']) ?? reportOf(input, ticker, ['10-Q']);
  const list = filing ? segmentList(input.reader, filing) : undefined;
  if (!list) return undefined;
  return {
    picks: [list.lead, ...list.items],
    write: (cite) =>
      list.items.length === 0
        ? quote(list.lead, cite)
        : [`${clause(list.lead)} ${cite(list.lead.id)}:`, ...list.items.map((s) => `- ${clause(s)} ${cite(s.id)}`)].join('\n'),
  };
}

/** Each group's first headings, in proportion to its size, MAX_RISKS in all. */
function shownRisks(groups: ReturnType<typeof riskGroups>): { name?: string; headings: StatementRow[] }[] {
  const total = groups.reduce((n, g) => n + g.headings.length, 0);
  if (total <= MAX_RISKS) return groups;
  const quota = groups.map((g) => Math.max(1, Math.floor((MAX_RISKS * g.headings.length) / total)));
  for (let i = 0; quota.reduce((a, b) => a + b, 0) < MAX_RISKS && i < groups.length * 4; i++) {
    const k = i % groups.length;
    if (quota[k]! < groups[k]!.headings.length) quota[k]!++;
  }
  return groups.map((g, k) => ({ ...g, headings: g.headings.slice(0, quota[k]) }));
}

function risksBlock(input: QualitativeInput, ticker: string): Block | undefined {
  const filing = reportOf(input, ticker, ['10-K']) ?? reportOf(input, ticker, ['10-Q']);
  if (!filing) return undefined;
  const statements = input.reader
    .sections(filing.id)
    .filter((s) => RISK_ITEMS.includes(s.item_tag))
    .flatMap((s) => input.reader.statements(s.first_statement, s.last_statement));
  const groups = riskGroups(statements);
  const total = groups.reduce((n, g) => n + g.headings.length, 0);
  if (total === 0) return undefined;
  const shown = shownRisks(groups);
  const count = shown.reduce((n, g) => n + g.headings.length, 0);
  const who = input.names.get(ticker) ?? filing.company;
  const grouped = shown.length > 1 || shown[0]!.name !== undefined;
  return {
    picks: shown.flatMap((g) => g.headings),
    write: (cite) => {
      const line = (s: StatementRow, indent: string) =>
        `${indent}- ${headingText(s.text)
          .replace(/\s+/g, ' ')
          .replace(/[.;:]$/, '')} ${cite(s.id)}`;
      const lines = [
        `Risk factors in ${owner(who)} ${fy(filing)}, Item 1A ` +
          `(${count === total ? `${total}` : `${count} of ${total}`}${grouped ? ", by the filing's groups" : ''}):`,
      ];
      for (const g of shown) {
        if (grouped) lines.push(`- ${g.name ?? 'Other risks'}:`);
        lines.push(...g.headings.map((s) => line(s, grouped ? '  ' : '')));
      }
      return lines.join('\n');
    },
  };
}

function auditorBlock(input: QualitativeInput, ticker: string): Block | undefined {
  const filing = reportOf(input, ticker, ['10-K']);
  const report = filing ? signedReport(input.reader, filing) : undefined;
  if (!filing || !report) return undefined;
  const who = input.names.get(ticker) ?? filing.company;
  return {
    picks: [report.signed, ...(report.since ? [report.since.statement] : [])],
    write: (cite) => {
      const since = report.since
        ? `; it has served as the company's auditor since ${report.since.year} ${cite(report.since.statement.id)}`
        : '';
      return (
        `${owner(who)} auditor is ${report.firm}, which signed the report of the independent registered public accounting firm ` +
        `in the ${fy(filing)} ${cite(report.signed.id)}${since}.`
      );
    },
  };
}

function businessBlock(input: QualitativeInput, ticker: string): Block | undefined {
  const filing = reportOf(input, ticker, ['10-K']);
  const sentences = filing ? businessSentences(input.reader, filing, [input.names.get(ticker) ?? '']) : [];
  if (sentences.length === 0) return undefined;
  return { picks: sentences, write: (cite) => sentences.map((s) => quote(s, cite)).join(' ') };
}

function announcementBlock(input: QualitativeInput, ticker: string): Block | undefined {
  const inScope = input.scope.filter((f) => f.sec_ticker === ticker);
  const filing = pickCurrentReport(inScope, input.reading.dates) ?? pickCurrentReport(input.filingsOf(ticker), input.reading.dates);
  const items = filing ? announced(input.reader, filing) : [];
  if (!filing || items.length === 0) return undefined;
  const who = input.names.get(ticker) ?? filing.company;
  return {
    picks: items.flatMap((it) => it.sentences),
    write: (cite) =>
      items
        .map(
          (it) =>
            `${owner(who)} 8-K of ${dateOf(filing.period_of_report)} (Item ${it.section.item_tag.replace(/^8K-Item-/, '')}, ` +
            `${it.section.title}): ${it.sentences.map((s) => quote(s, cite)).join(' ')}`,
        )
        .join('\n'),
  };
}

function changeBlock(input: QualitativeInput, ticker: string): Block | undefined {
  const a = input.reading.analysis;
  const words = changeWords(
    a.topics.map((t) => t.name),
    a.terms,
  );
  const later = reportOf(input, ticker, ['10-K']);
  const sentence = later ? changeSentence(input.reader, later, words) : undefined;
  if (!later || !sentence) return undefined;
  // Segments: what the report before listed, beside what changed.
  const before = a.topics.some((t) => t.name === 'segments')
    ? input
        .filingsOf(ticker)
        .filter((f) => f.sec_form_type === '10-K' && f.sec_fiscal_year < later.sec_fiscal_year)
        .sort(byNewest)[0]
    : undefined;
  const earlier = before ? segmentList(input.reader, before) : undefined;
  const shown = earlier && earlier.items.length === 0 && earlier.lead.text !== sentence.text ? earlier.lead : undefined;
  return {
    picks: [sentence, ...(shown ? [shown] : [])],
    write: (cite) => [quote(sentence, cite), ...(shown && before ? [`The ${fy(before)} said: ${quote(shown, cite)}`] : [])].join(' '),
  };
}

const BLOCKS: Record<QualitativeKind, BlockOf> = {
  acquisitions: acquisitionsBlock,
  products: productsBlock,
  risk: namedRiskBlock,
  drivers: driversBlock,
  headquarters: headquartersBlock,
  segments: segmentsBlock,
  risks: risksBlock,
  auditor: auditorBlock,
  business: businessBlock,
  announcement: announcementBlock,
  change: changeBlock,
};

const FACETS: Record<QualitativeKind, string> = {
  acquisitions: 'the acquisitions the filing names',
  products: 'the brands and products the filing names',
  risk: 'what the filing says of the risk asked about',
  drivers: 'what the filing says drove the change',
  headquarters: 'where the company says it is headquartered',
  segments: 'the segments the filing lists',
  risks: 'the risk factors of Item 1A',
  auditor: 'the signed report of the independent registered public accounting firm',
  business: 'what the company does, in its own words',
  announcement: 'what the 8-K announced',
  change: 'what the later report says changed',
};

export function findQualitative(input: QualitativeInput): QualitativeAnswer | undefined {
  const kind = qualitativeKind(input.reading);
  if (!kind) return undefined;
  const blocks = tickersOf(input)
    .map((t) => BLOCKS[kind](input, t))
    .filter((b): b is Block => b !== undefined);
  if (blocks.length === 0) return undefined;
  return {
    kind,
    facet: FACETS[kind],
    picks: [...new Set(blocks.flatMap((b) => b.picks.map((s) => s.id)))],
    write: (cite) => blocks.map((b) => b.write(cite)).join('\n'),
  };
}
