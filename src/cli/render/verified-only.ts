// --verified-only: the answer without the sentences that carry a figure the engine could not check
// against the evidence (marked [unverified]: engine/answer/marks.ts). Applied here, on the client, to
// the streamed deltas (a sentence is passed on once it has ended) and to the final response, whatever
// the output mode; the request is unchanged. A notice says how many sentences were left out.
import type { BackendEvent, ResearchResponse } from '../../contract/types.js';
import { dropUnverified, sentencePieces, UNVERIFIED } from '../../engine/terms.js';
import type { Presenter } from './presenter-types.js';

export const VERIFIED_ONLY_NOTICE = 'VERIFIED_ONLY_LEFT_OUT';

/** The response without the answer's marked sentences, and a notice saying how many went. */
export function keepVerified(r: ResearchResponse): ResearchResponse {
  if (!r.answer) return r;
  const { text, dropped } = dropUnverified(r.answer.text);
  if (dropped === 0) return r;
  const notice = {
    code: VERIFIED_ONLY_NOTICE,
    message: `--verified-only left out ${dropped} sentence${dropped === 1 ? '' : 's'} of the answer whose figures do not check against the evidence`,
  };
  return { ...r, answer: { ...r.answer, text }, notices: [...(r.notices ?? []), notice] };
}

export function verifiedOnly(inner: Presenter): Presenter {
  let pending = '';
  const pass = (text: string) => {
    const kept = sentencePieces(text).filter((p) => !p.includes(UNVERIFIED));
    if (kept.length > 0) inner.onEvent({ event: 'answer.delta', data: { delta: kept.join('') } });
  };
  const flush = () => {
    if (pending) pass(pending);
    pending = '';
  };
  return {
    onEvent(e: BackendEvent) {
      if (e.event === 'answer.delta') {
        const pieces = sentencePieces(pending + e.data.delta);
        // The last piece may be a sentence still being written.
        pending = pieces.pop() ?? '';
        if (pieces.length > 0) pass(pieces.join(''));
        return;
      }
      flush();
      inner.onEvent(e.event === 'final' ? { event: 'final', data: keepVerified(e.data) } : e);
    },
    finish(r) {
      flush();
      return inner.finish(keepVerified(r));
    },
    fail() {
      inner.fail();
    },
  };
}
