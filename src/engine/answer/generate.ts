// Answer and analysis for a response, with their deltas as events: the model when one is configured
// (falling back to the extractive composer, with a notice, when it fails), else the extractive one. A
// model's answer streams a sentence at a time, each figure in it checked against the evidence first
// (check-figures.ts): one that does not check is marked and listed in a notice.
import type { BackendEvent, NoticePayload, ResearchResponse } from '../../contract/types.js';
import type { ValidRequest } from '../../contract/validate.js';
import { composeAnalysis, type AnalysisInput } from './analysis.js';
import { FigureChecker } from './check-figures.js';
import { CheckedStream } from './checked-stream.js';
import { chunks, composeExtractive, type AnswerInput } from './extractive.js';
import type { LlmConfig } from './llm-config.js';

export interface GenerateInput {
  v: ValidRequest;
  response: ResearchResponse;
  answer: AnswerInput;
  analysis: AnalysisInput;
  /** The evidence for a model's prompt, rendered only when a model is configured. */
  evidenceText: () => string;
  instructions: string;
  onEvent?: (e: BackendEvent) => void;
  signal?: AbortSignal;
  /** The model that writes the answer; none: the extractive composer. */
  model?: LlmConfig;
}

/** Emits text as many small deltas, yielding between them so a stream flushes each one and an abort
 * lands between two deltas. */
async function emitDeltas(text: string, event: 'answer.delta' | 'analysis.delta', input: GenerateInput): Promise<void> {
  for (const delta of chunks(text)) {
    input.signal?.throwIfAborted();
    input.onEvent?.({ event, data: { delta } });
    await new Promise<void>((r) => setImmediate(r));
  }
  input.signal?.throwIfAborted();
}

/** Adds `answer` and `analysis` to the response as the include flags ask, emitting their deltas. */
export async function generate(input: GenerateInput): Promise<void> {
  const { v, response } = input;
  const notices: NoticePayload[] = [];
  if (v.include.answer) {
    const cfg = input.model;
    let text: string | undefined;
    if (cfg && input.answer.chains.length > 0) {
      try {
        // Loaded only when a model is configured: the HTTP client is not free to import.
        const { streamLlmAnswer } = await import('./llm.js');
        const checker = new FigureChecker(input.answer.chains, [...(input.answer.fiscalNaming?.values() ?? [])]);
        const checked = new CheckedStream(checker, (delta) => input.onEvent?.({ event: 'answer.delta', data: { delta } }));
        await streamLlmAnswer(
          cfg,
          { instructions: input.instructions, evidence: input.evidenceText(), question: v.query },
          (delta) => checked.push(delta),
          input.signal,
        );
        text = checked.end();
        const unverified = checker.notice();
        if (unverified) notices.push({ code: 'ANSWER_FIGURES_UNVERIFIED', message: unverified });
      } catch (e) {
        if (input.signal?.aborted) throw e;
        notices.push({ code: 'ANSWER_MODEL_FAILED', message: `the model failed (${(e as Error).message}); the answer is extractive` });
      }
    }
    if (text === undefined) {
      text = composeExtractive(input.answer);
      await emitDeltas(text, 'answer.delta', input);
    }
    response.answer = { text };
  }
  if (v.include.analysis) {
    if (v.mode === 'basic') {
      notices.push({
        code: 'ANALYSIS_MODE_UNSUPPORTED',
        message: 'analysis is generated in research and agentic_research modes; basic returns none',
      });
    } else {
      const analysis = composeAnalysis(input.analysis);
      await emitDeltas(analysis.text, 'analysis.delta', input);
      response.analysis = analysis;
    }
  }
  if (notices.length > 0) response.notices = [...(response.notices ?? []), ...notices];
}
