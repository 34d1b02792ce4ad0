// How `filings query` shows a response: as JSON, JSON lines of events, the evidence alone, or text
// for reading (text-presenter.ts). A presenter sees each event as it arrives and the final response.
import type { OutputMode, Presenter, PresenterOptions, Sink } from './presenter-types.js';

export type { OutputMode, Presenter, PresenterOptions, Sink };

const quiet = { onEvent() {}, fail() {} };

/** The text presenter (tables, ora) loads only for text mode, so --json starts fast. */
export async function createPresenter(mode: OutputMode, out: Sink, o: PresenterOptions): Promise<Presenter> {
  switch (mode) {
    case 'json':
      return {
        ...quiet,
        finish(r) {
          out.write(`${out.isTTY ? JSON.stringify(r, null, 2) : JSON.stringify(r)}\n`);
        },
      };
    case 'jsonl': {
      let sawFinal = false;
      return {
        ...quiet,
        onEvent(e) {
          if (e.event === 'final') sawFinal = true;
          out.write(`${JSON.stringify({ event: e.event, data: e.data })}\n`);
        },
        finish(r) {
          // A backend that answered with one JSON body (no events) still ends with its final line.
          if (!sawFinal) out.write(`${JSON.stringify({ event: 'final', data: r })}\n`);
        },
      };
    }
    case 'evidence':
      return {
        ...quiet,
        finish(r) {
          if (r.evidence !== undefined) out.write(r.evidence.endsWith('\n') ? r.evidence : `${r.evidence}\n`);
        },
      };
    case 'csv':
    case 'tsv': {
      // The figures alone, a row each, for a spreadsheet.
      const { figuresTable } = await import('./figures-csv.js');
      return {
        ...quiet,
        finish(r) {
          out.write(figuresTable(r.analysis?.figures ?? [], mode));
        },
      };
    }
    case 'text':
      return (await import('./text-presenter.js')).textPresenter(out, o);
  }
}
