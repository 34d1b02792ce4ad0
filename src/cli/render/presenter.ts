// How `filings query` shows a response: as JSON, JSON lines of events, the evidence alone, or text
// for reading (text-presenter.ts). A presenter sees each event as it arrives and the final response.
import type { OutputMode, Presenter, PresenterOptions, Sink } from './presenter-types.js';

export type { OutputMode, Presenter, PresenterOptions, Sink };

const quiet = { onEvent() {}, fail() {} };

/** The text presenter (tables, ora) loads only for the table format, so --json starts fast. The JSON
 * lines of events stream as they arrive; every other format is rendered from the final response. */
export async function createPresenter(mode: OutputMode, out: Sink, o: PresenterOptions): Promise<Presenter> {
  switch (mode) {
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
    case 'table':
      return (await import('./text-presenter.js')).textPresenter(out, o);
    default: {
      // The response whole (json), or its figure records (csv, tsv, markdown after the answer).
      const [{ formatDef }, { figureRecords }] = await Promise.all([import('../output/formats.js'), import('../output/figure-rows.js')]);
      const format = formatDef(mode);
      return {
        ...quiet,
        async finish(r) {
          const view = { document: r, records: figureRecords(r), ...(r.answer ? { text: r.answer.text } : {}), table: () => '' };
          out.write(await format.render(view, { pretty: out.isTTY }));
        },
      };
    }
  }
}
