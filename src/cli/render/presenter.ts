// How `filings query` shows a response: as JSON, JSON lines of events, the evidence alone, or text
// for reading. A presenter sees each event as it arrives and the final response.
import type { BackendEvent, ResearchResponse } from '../../contract/types.js';
import type { ChalkInstance } from 'chalk';

export interface Sink {
  write(text: string): void;
  isTTY: boolean;
}

export interface Presenter {
  onEvent(event: BackendEvent): void;
  finish(response: ResearchResponse): void;
}

export type OutputMode = 'json' | 'jsonl' | 'evidence' | 'text';

export function createPresenter(mode: OutputMode, out: Sink, err: Sink, chalk: ChalkInstance): Presenter {
  switch (mode) {
    case 'json':
      return {
        onEvent() {},
        finish(r) {
          out.write((out.isTTY ? JSON.stringify(r, null, 2) : JSON.stringify(r)) + '\n');
        },
      };
    case 'jsonl': {
      let sawFinal = false;
      return {
        onEvent(e) {
          if (e.event === 'final') sawFinal = true;
          out.write(JSON.stringify({ event: e.event, data: e.data }) + '\n');
        },
        finish(r) {
          if (!sawFinal) out.write(JSON.stringify({ event: 'final', data: r }) + '\n');
        },
      };
    }
    case 'evidence':
      return {
        onEvent() {},
        finish(r) {
          if (r.evidence !== undefined) out.write(r.evidence.endsWith('\n') ? r.evidence : r.evidence + '\n');
        },
      };
    case 'text':
      return textPresenter(out, err, chalk);
  }
}

function textPresenter(out: Sink, err: Sink, chalk: ChalkInstance): Presenter {
  let streamedAnswer = false;
  let streamedAnalysis = false;
  return {
    onEvent(e) {
      if (e.event === 'answer.delta') {
        if (!streamedAnswer) out.write(chalk.bold('Answer') + '\n');
        streamedAnswer = true;
        out.write(e.data.delta);
      } else if (e.event === 'analysis.delta') {
        if (!streamedAnalysis) out.write((streamedAnswer ? '\n\n' : '') + chalk.bold('Analysis') + '\n');
        streamedAnalysis = true;
        out.write(e.data.delta);
      }
    },
    finish(r) {
      if (streamedAnswer || streamedAnalysis) out.write('\n\n');
      if (r.answer && !streamedAnswer) out.write(`${chalk.bold('Answer')}\n${r.answer.text}\n\n`);
      if (r.analysis && !streamedAnalysis) out.write(`${chalk.bold('Analysis')}\n${r.analysis.text}\n\n`);
      if (r.metadata_dashboard) out.write(r.metadata_dashboard + '\n\n');
      if (r.evidence) out.write(r.evidence + '\n');
      else if (r.agent_context) out.write(r.agent_context.text + '\n');
      for (const n of r.notices ?? []) err.write(chalk.yellow(`notice ${n.code}: ${n.message}`) + '\n');
      const s = r.summary;
      if (s) {
        const filters = s.applied_metadata_filters ? ` filters=${JSON.stringify(s.applied_metadata_filters)}` : '';
        const warnings = s.warnings?.length ? ` warnings=${s.warnings.join(',')}` : '';
        err.write(chalk.dim(`${s.evidence_count} evidence chains · ${s.mode}/${s.effort}${filters}${warnings} · ${r.request_id}`) + '\n');
      }
    },
  };
}
