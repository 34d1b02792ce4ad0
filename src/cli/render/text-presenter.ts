// `filings query` for reading: a spinner while retrieval runs, the answer (and analysis) streamed as
// its deltas arrive, word-wrapped like the rest, then the evidence laid out, the sources, the agent
// context, the dashboard and a summary table. With an answer on a terminal the evidence is brief (the
// cited rows and a line a chain, evidence-brief.ts) unless every chain is asked for whole. Without a
// TTY the same text comes without colour (chalk at level 0), without a spinner and with every chain
// whole; the width is then $COLUMNS or 80, whichever backend answered.
import type { ChalkInstance } from 'chalk';
import type { ResearchResponse } from '../../contract/types.js';
import type { Spinner } from '../spinner.js';
import { renderEvidenceBrief } from './evidence-brief.js';
import { parseEvidence } from './evidence-parse.js';
import { tidyEvidence } from './evidence-tidy.js';
import { renderEvidenceView } from './evidence-view.js';
import { renderFigureGrid } from './figure-grid.js';
import type { Presenter, Sink } from './presenter-types.js';
import { streamWrapper, type StreamWrapper } from './stream-wrap.js';
import { renderSummaryTable } from './summary-table.js';
import { wrap } from './wrap.js';
import { stripTags } from './xml-text.js';

export interface TextOptions {
  chalk: ChalkInstance;
  spinner: Spinner;
  /** Columns to lay out in. */
  width: number;
  /** How the evidence behind an answer shows: 'brief' on a terminal, 'full' (every chain whole)
   * elsewhere or when asked. Without an answer it is always full. */
  evidence?: 'brief' | 'full';
  /** Show the QUESTION_READ notice (how the question was read) as its own section first. */
  explain?: boolean;
  /** Show the analysis; without it only a grid of figures drawn from it shows (default true). */
  analysis?: boolean;
}

/** The evidence for reading, or the raw text when it has no chain this reader understands. With
 * `answer`, brief: the rows it cites and a line a chain. */
export function renderEvidenceText(evidence: string, o: { chalk: ChalkInstance; width: number; answer?: string }): string {
  const parsed = parseEvidence(evidence);
  if (parsed.chains.length === 0) {
    if (stripTags(evidence) === '') return `${o.chalk.bold.underline('Evidence')} ${o.chalk.dim('none found')}\n`;
    return evidence.endsWith('\n') ? evidence : `${evidence}\n`;
  }
  const tidy = tidyEvidence(parsed);
  return o.answer !== undefined ? renderEvidenceBrief(tidy, o.answer, o) : renderEvidenceView(tidy, o);
}

/** Notices that change how to read everything below them: said before the evidence, not only in the
 * summary at the end. */
const PROMINENT = new Set([
  'COMPANY_NOT_IN_INDEX',
  'FISCAL_YEAR_NOT_IN_INDEX',
  'FILTER_CONFLICTS_WITH_QUESTION',
  'BASIC_MODE_NO_FILTERS',
  'YEAR_FROM_COMPARATIVES',
]);

export function textPresenter(out: Sink, o: TextOptions): Presenter {
  const { chalk, spinner, width } = o;
  // Which generated section is being streamed, so a header is written once and sections separated.
  let streaming: 'answer' | 'analysis' | undefined;
  let wrapper: StreamWrapper | undefined;
  const streamed = new Set<string>();

  const section = (title: string, body: string) => out.write(`${chalk.bold.underline(title)}\n${wrap(body, width).join('\n')}\n\n`);

  function delta(kind: 'answer' | 'analysis', text: string): void {
    spinner.stop();
    if (streaming !== kind) {
      wrapper?.end();
      if (streaming) out.write('\n\n');
      out.write(`${chalk.bold.underline(kind === 'answer' ? 'Answer' : 'Analysis')}\n`);
      streaming = kind;
      streamed.add(kind);
      wrapper = streamWrapper(width, (s) => out.write(s));
    }
    wrapper!.push(text);
  }

  return {
    onEvent(e) {
      if (e.event === 'retrieval.started') spinner.start(`Retrieving evidence (${e.data.mode}, ${e.data.effort} effort)`);
      else if (e.event === 'retrieval.completed')
        spinner.succeed(`${e.data.evidence_count} evidence chain${e.data.evidence_count === 1 ? '' : 's'} retrieved`);
      else if (e.event === 'answer.delta') delta('answer', e.data.delta);
      else if (e.event === 'analysis.delta' && o.analysis !== false) delta('analysis', e.data.delta);
    },
    finish(r: ResearchResponse) {
      spinner.stop();
      wrapper?.end();
      if (streaming) out.write('\n\n');
      const read = o.explain ? r.notices?.find((n) => n.code === 'QUESTION_READ') : undefined;
      if (o.explain)
        section('Reading', read ? read.message : 'the backend did not say how it read the question (basic mode reads no structure)');
      for (const n of (r.notices ?? []).filter((x) => PROMINENT.has(x.code))) {
        out.write(`${wrap(`${chalk.yellow.bold('Note:')} ${n.message}`, width).join('\n')}\n\n`);
      }
      if (r.answer && !streamed.has('answer')) section('Answer', r.answer.text);
      if (r.analysis && o.analysis !== false && !streamed.has('analysis')) section('Analysis', r.analysis.text);
      // A question over several companies, years or measures: its figures as a table.
      if (r.analysis?.grid && r.analysis.figures) out.write(`${renderFigureGrid(r.analysis.grid, r.analysis.figures, { chalk, width })}\n`);
      const brief = o.evidence === 'brief' && r.answer ? r.answer.text : undefined;
      if (r.evidence !== undefined) out.write(`${renderEvidenceText(r.evidence, { chalk, width, answer: brief })}\n`);
      // Markdown meant for a prompt: shown as it will be pasted, not re-wrapped.
      if (r.agent_context) out.write(`${chalk.bold.underline('Agent context')}\n${r.agent_context.text}\n\n`);
      if (r.metadata_dashboard) out.write(`${chalk.bold.underline('Dashboard')}\n${r.metadata_dashboard}\n\n`);
      // --no-summary: no Summary section (its notices were said above when they matter).
      if (r.summary) out.write(`${renderSummaryTable(r, { chalk, width })}\n`);
    },
    fail() {
      spinner.stop();
      wrapper?.end();
      // A streamed answer cut short still ends its line before the error message.
      if (streaming) out.write('\n');
    },
  };
}
