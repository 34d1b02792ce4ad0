// The offline answer, built only from the evidence and citing its source ids exactly. For figures: each
// figure with its unit, scale, company, year and where it is printed; a metric with its inputs; a change
// with both ends; and, where the evidence does not state what was asked, a plain sentence saying so —
// never the nearest number. A company the index holds nothing of is said first. Otherwise (a question
// about a topic, or what a company does) the strongest claims, in order.
import type { EvidenceChain, EvidenceEntry } from '../evidence/types.js';
import type { Reading } from '../question/reading.js';
import { stem, stemsOf } from '../text/words.js';
import { auditorsIn } from './auditor.js';
import type { FigureAnswer } from './figure-lines.js';
import { isBoilerplate } from './qualitative/boilerplate.js';
import { citeStatement } from './qualitative/cite.js';
import { declineOf, PASSAGE_KINDS } from './qualitative/decline.js';
import type { QualitativeAnswer } from './qualitative/find.js';
import type { FigurePayload } from './figure-payload.js';
import { cite } from './citations.js';
import { FigureWriter } from './write-figures.js';
import { gridText } from './write-grid.js';
import { ANSWER_TUNING } from './tuning.js';

const W = ANSWER_TUNING.written;

export const NO_DATA = 'No data found';

export interface AnswerInput {
  reading: Reading;
  chains: EvidenceChain[];
  figures?: FigureAnswer;
  /** A list, the auditor, what a company does, an 8-K's news or a change, read from the filings
   * (qualitative/find.ts): it answers in place of the claims. */
  qualitative?: QualitativeAnswer;
  /** Companies asked about that the index holds nothing of. */
  missing: { ticker: string; name: string }[];
  /** Where figures the evidence lacks are instead (a 10-K's annual report exhibit), said after them. */
  elsewhere?: string[];
  /** Display names of tickers ("Walmart"). */
  names: Map<string, string>;
  /** The figures as records, and a grid's cells over them: a grid's answer is written from them. */
  payload?: FigurePayload;
  /** Companies that name their fiscal years off the index's labels, and the offset (directory.ts):
   * ULTA -1, its FY-2024 being its "fiscal 2023". */
  fiscalNaming?: Map<string, number>;
}

/** A claim that reads as a statement, not a caption, heading or table label. */
export function isSentenceLike(text: string): boolean {
  const w = text.match(/[A-Za-z]{2,}/g) ?? [];
  return w.length >= 6 && !text.includes(' / ') && (text.match(/\b[a-z]{4,}\b/g) ?? []).length >= 3;
}

// A sentence that enumerates: "the following segments: A, B, and C", "include A, B and C".
const ENUMERATES = /(?::\s*|\b(?:include|includes|including|consist(?:s)? of|comprised? of|comprises|are)\s+)[^.;]*,[^.;]*\b(?:and|or)\b/i;

/** The sentence of the evidence that lists what the question asks, the one naming most of its words. */
function listSentence(chains: EvidenceChain[], terms: string[]): string | undefined {
  const wanted = new Set(terms.map(stem));
  let best: { e: EvidenceEntry; hits: number } | undefined;
  for (const c of chains) {
    for (const e of c.entries) {
      if (e.row || !isSentenceLike(e.consensus) || !ENUMERATES.test(e.consensus)) continue;
      // Names listed ("Scores, Software") over words listed ("revenues, operating income, and ...").
      const listed = ENUMERATES.exec(e.consensus)![0];
      const names = (listed.match(/(?:^|,\s*|\band\s+|:\s*)[A-Z]/g) ?? []).length;
      const hits = stemsOf(e.consensus).filter((w) => wanted.has(w)).length + (names >= 2 ? 2 : 0);
      if (hits > (names >= 2 ? 2 : 0) && (!best || hits > best.hits)) best = { e, hits };
    }
  }
  return best
    ? `${best.e.consensus
        .replace(/\s+/g, ' ')
        .trim()
        .replace(/[.;:]?$/, '')} ${cite(best.e)}.`
    : undefined;
}

/** The strongest claims: per chain, the entry that holds most of the question's words (its first on a
 * tie), or up to `perChain` of the first chain (a company's own description of its business reads best
 * whole). */
function claimSentences(chains: EvidenceChain[], max: number, perChain = 1, terms: string[] = []): string[] {
  const wanted = new Set(terms.map(stem));
  const hits = (e: EvidenceEntry) => stemsOf(e.consensus).filter((w) => wanted.has(w)).length;
  const out: string[] = [];
  chains.forEach((c, ci) => {
    // An exhibit index, a cover page or the forward-looking-statements caution answers nothing.
    const sentences = c.entries.filter((x) => !x.row && isSentenceLike(x.consensus) && !isBoilerplate(x.consensus));
    const claims = ci === 0 && perChain > 1 ? sentences.slice(0, perChain) : [...sentences].sort((a, b) => hits(b) - hits(a)).slice(0, 1);
    for (const e of claims) {
      if (out.length >= max) return;
      out.push(
        `${e.consensus
          .replace(/\s+/g, ' ')
          .trim()
          .replace(/[.;:]?$/, '')} ${cite(e)}.`,
      );
    }
  });
  return out;
}

export function composeExtractive(input: AnswerInput): string {
  const { chains } = input;
  const parts: string[] = [];
  // A name typed as near two companies' names as each other: which one, the question must say.
  for (const a of input.reading.ambiguousCompanies ?? []) {
    const named = a.tickers.map((t) => `${input.names.get(t) ?? t} (${t})`);
    parts.push(
      `Which company does "${a.text}" name: ${named.slice(0, -1).join(', ')} or ${named[named.length - 1]}? Ask again naming one.`,
    );
  }
  if (parts.length > 0 && input.reading.companies.length === 0) return parts.join('\n');
  if (input.missing.length > 0) {
    const list = input.missing.map((m) => `${m.name} (${m.ticker})`).join(', ');
    parts.push(
      `The index holds no filings of ${list}, so this cannot be answered from it; ` +
        `add them with: filings corpus pull ${input.missing.map((m) => m.ticker).join(' ')}.`,
    );
    if (chains.length === 0 && !input.figures?.lines.length) return parts.join('\n');
  }
  // (Figures of a company's XBRL company facts need no evidence of the index's filings.)
  if (chains.length === 0 && !input.figures?.lines.length) return parts.length ? parts.join('\n') : NO_DATA;
  if (input.qualitative) {
    parts.push(input.qualitative.write((id) => citeStatement(chains, id)));
    return parts.join('\n');
  }
  const r = input.reading;
  const a = r.analysis;
  // A kind a passage answers, that no filing answered, is declined: a sentence that only shares words
  // with the question (a "replacement cost" for why a CEO was replaced) is no answer; the evidence
  // below the answer holds what the search found.
  if (r.kind && PASSAGE_KINDS.has(r.kind)) {
    parts.push(declineOf(r, input.names, input.fiscalNaming));
    return parts.join('\n');
  }
  const lines = input.figures?.lines ?? [];
  if (input.payload?.grid) {
    parts.push(gridText(input.payload, input.names));
    return parts.join('\n');
  }
  if (lines.length > 0 && input.payload) {
    const writer = new FigureWriter({
      written: input.payload.written,
      names: input.names,
      ...(input.fiscalNaming ? { fiscalNaming: input.fiscalNaming } : {}),
      billions: r.inBillions,
    });
    parts.push(...lines.map((l) => writer.line(l)));
    const comparison = writer.compare(lines);
    if (comparison) parts.push(comparison);
    // A 10-K whose statements are in its annual report exhibit, not in the index, says where they are.
    if (lines.some((l) => l.kind === 'absent')) parts.push(...(input.elsewhere ?? []));
    // An abstention that already says what the filings do give needs no related passage.
    if (lines.every((l) => l.kind === 'absent' && !(l.missing.why === 'derive' && l.missing.have))) {
      // Set apart from the answer by a blank line: what the evidence says nearby, not an answer. Only from
      // a filing of a company and year asked (or the two annual reports after, whose columns cover it): a
      // year the index lacks has nothing related to say.
      const asked = (e: EvidenceEntry) =>
        e.sources.some(({ source: { filing } }) =>
          lines.some(
            (l) =>
              l.kind === 'absent' &&
              l.ticker === filing.sec_ticker &&
              Number(filing.sec_fiscal_year.slice(3)) - l.point.year >= 0 &&
              Number(filing.sec_fiscal_year.slice(3)) - l.point.year <= 2,
          ),
        );
      const context = claimSentences(
        chains.filter((c) => c.relevance >= W.related && c.entries.some(asked)),
        1,
      );
      if (context.length) parts.push(`\nRelated evidence: ${context.join(' ')}`);
    }
    return parts.join('\n');
  }
  const best = Math.max(...chains.map((c) => c.relevance));
  if (r.figure && r.measures.some((m) => m.item || m.metric)) {
    parts.push('The evidence does not state the figure asked for.');
    return parts.join('\n');
  }
  if (best < W.direct) {
    parts.push(
      ['The evidence does not directly answer this question. The closest passages say:', ...claimSentences(chains, W.closest)].join(' '),
    );
    return parts.join('\n');
  }
  // "Who audits HPE?": the firm that signed the auditor's report, with the year it has served since.
  if (a.topics.some((t) => t.name === 'auditor')) {
    const auditors = auditorsIn(chains);
    if (auditors.length > 0) {
      parts.push(
        ...auditors.map((a) => {
          const t = a.source.filing.sec_ticker;
          const who = (t && input.names.get(t)) || a.source.filing.company;
          const since = a.since ? `; it has served as the company's auditor since ${a.since.year} ${cite(a.since.entry)}` : '';
          return (
            `${who}'s auditor is ${a.firm}, which signed the report of the independent registered public accounting firm ` +
            `in the ${a.source.filing.sec_form_type} ` +
            `FY${a.source.filing.sec_fiscal_year.slice(3)} ${cite(a.signed)}${since}.`
          );
        }),
      );
      return parts.join('\n');
    }
  }
  const terms = [...a.terms, ...a.topics.flatMap((t) => t.say)];
  const relevant = chains.filter((c) => c.relevance >= Math.min(W.direct, best - W.relevantBelowBest));
  const claims = a.overview ? claimSentences(chains, W.overviewClaims, W.overviewPerChain) : claimSentences(relevant, W.claims, 1, terms);
  // "What are Microsoft's reportable segments?": the sentence that lists them comes first.
  const list = r.asksList ? listSentence(relevant, terms) : undefined;
  if (list) claims.splice(0, claims.length, list, ...claims.filter((c) => c !== list));
  if (claims.length === 0)
    parts.push('The evidence does not state an answer to this in words; the tables in the evidence below may hold it.');
  else parts.push(claims.slice(0, a.overview ? W.overviewShown : W.shown).join(' '));
  return parts.join('\n');
}

/** Text in small pieces, as deltas of a stream: words with their spacing, a few at a time. */
export function chunks(text: string, size = 4): string[] {
  const words = text.match(/\S+\s*/g) ?? [];
  const out: string[] = [];
  for (let i = 0; i < words.length; i += size) out.push(words.slice(i, i + size).join(''));
  return out;
}
