// Which answer a question that asks no figure wants: the Reading's kind (question/kind.ts), read once
// with the rest of the question; nothing here reads the question's text.
import type { QuestionKind } from '../../question/kind.js';
import type { Reading } from '../../question/reading.js';

export type QualitativeKind = QuestionKind;

export const qualitativeKind = (r: Reading): QualitativeKind | undefined => r.kind;
