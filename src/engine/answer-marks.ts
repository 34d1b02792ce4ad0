// The engine's entry for the marks its answers carry: --verified-only leaves out, on the client, the
// sentences the engine marked, split as the engine splits them.
export { dropUnverified, sentencePieces, UNVERIFIED } from './answer/marks.js';
