// `@file` and `-` arguments of `filings query`. Standard input is read beforehand (asynchronously, by
// the Io: a synchronous read of a terminal fails) and handed in, so the request builder stays pure.
import { readFileSync } from 'node:fs';
import { UsageError } from './errors.js';

/** Whether the question or a JSON option comes from standard input. Asks about the terminal last: a
 * question in the arguments leaves standard input alone (Node makes a stream of it when asked). */
export function wantsStdin(words: string[], o: { request?: string; filtersJson?: string }, stdinIsTTY: () => boolean): boolean {
  if (words.length === 1 && words[0] === '-') return true;
  if (o.request === '-' || o.filtersJson === '-') return true;
  // No question in the arguments and none in --request: a piped question.
  return words.length === 0 && o.request === undefined && !stdinIsTTY();
}

/** The question: the arguments, or standard input ("-", or nothing with input piped); undefined to
 * keep --request's. */
export function questionOf(words: string[], o: { request?: string }, stdin: string | undefined): string | undefined {
  if (words.length === 1 && words[0] === '-') return stdin;
  if (words.length > 0) return words.join(' ');
  return o.request === undefined ? stdin : undefined;
}

/** Reads `@file` (now) or `-` (the standard input read before). */
export function sourceReader(stdin: string | undefined): (spec: string) => string {
  return (spec) => {
    if (spec === '-') return stdin ?? '';
    const path = spec.slice(1);
    try {
      return readFileSync(path, 'utf8');
    } catch (e) {
      throw new UsageError(`cannot read ${path}: ${(e as Error).message}`);
    }
  };
}
