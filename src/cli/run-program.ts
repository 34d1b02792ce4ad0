// Runs the parsed program and maps whatever escapes it to an exit code: the one place both the process
// (main.ts) and the in-process test runner end a command.
import { type Command, CommanderError } from 'commander';
import { AbortedError } from '../backend-errors.js';
import { handleError } from './handle-error.js';
import { EXIT } from './exit-codes.js';
import { interruptScope } from './interrupt.js';

/** Whether the arguments ask for a JSON format (--json, --jsonl, --format json|jsonl): an error is then
 * a JSON document too. */
export function jsonRequested(args: readonly string[]): boolean {
  const format = args.flatMap((a, i) => (a === '--format' ? [args[i + 1]] : a.startsWith('--format=') ? [a.slice(9)] : []));
  return args.includes('--json') || args.includes('--jsonl') || format.some((x) => x === 'json' || x === 'jsonl');
}

export async function runProgram(
  program: Command,
  args: string[],
  ctx: { debug: () => boolean; stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream },
): Promise<number> {
  const report = (error: unknown) =>
    handleError(error, { debug: ctx.debug(), json: jsonRequested(args), stdout: ctx.stdout, stderr: ctx.stderr });
  // Ctrl-C after the work, while the answer is being written: reported as one during it, exit 130.
  const close = interruptScope(() => process.exit(report(new AbortedError())));
  try {
    await program.parseAsync(['node', 'filings', ...args]);
    return EXIT.OK;
  } catch (error) {
    // Commander has printed its own message (help, version, or a usage error).
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.OK : EXIT.USAGE;
    return report(error);
  } finally {
    close();
  }
}
