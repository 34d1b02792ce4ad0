// Request ids (`req_` + 20 base62 characters) come from the engine's generator, so every backend and
// the server make the same kind; the pattern is for checks.
export { newRequestId } from '../engine/request-id.js';

export const REQUEST_ID_PATTERN = /^req_[0-9A-Za-z]{20}$/;
