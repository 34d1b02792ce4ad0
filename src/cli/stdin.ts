// Reading `@file` and `-` arguments and the piped question.
import { readFileSync } from 'node:fs';
import { UsageError } from './errors.js';

let stdinText: string | undefined;

/** Standard input, read once (several `-` arguments share it). */
export function readStdin(): string {
  stdinText ??= readFileSync(0, 'utf8');
  return stdinText;
}

export function readSource(spec: string): string {
  if (spec === '-') return readStdin();
  const path = spec.slice(1);
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    throw new UsageError(`cannot read ${path}: ${(e as Error).message}`);
  }
}
