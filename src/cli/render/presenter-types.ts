// What a presenter of `filings query` is and is given (presenter.ts makes one for each output mode).
import type { ChalkInstance } from 'chalk';
import type { BackendEvent, ResearchResponse } from '../../contract/types.js';
import type { Output } from '../io.js';
import type { FormatName } from '../output/formats.js';
import type { Spinner } from '../spinner.js';

/** Where a presenter writes: stdout or an --output file. */
export type Sink = Output;

export interface Presenter {
  onEvent(event: BackendEvent): void;
  /** The final response; a format rendered from it is written when the promise settles. */
  finish(response: ResearchResponse): void | Promise<void>;
  /** The query failed or was interrupted: tidy up (the spinner) before the error is reported. */
  fail(): void;
}

/** An output format (output/formats.ts), or the evidence text alone (--evidence-only). */
export type OutputMode = FormatName | 'evidence';

export interface PresenterOptions {
  /** Colours of the text mode; JSON and JSONL never carry any. */
  chalk: ChalkInstance;
  spinner: Spinner;
  width: number;
  /** Text mode: the evidence behind an answer brief (a terminal's default) or full. */
  evidence?: 'brief' | 'full';
  /** Text mode: show how the question was read first (--explain). */
  explain?: boolean;
  /** Text mode: show the analysis (--analysis); an answer's analysis is asked for its figures alone. */
  analysis?: boolean;
}
