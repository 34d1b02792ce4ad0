// Runs a command of the CLI in this process, as main.ts does, over the Factory's test double (memoryIo):
// gh's way of testing commands (a factory over in-memory streams). What only a real process shows (exit
// by a signal, a terminal, the bundle) stays with runCli.
import type { CliResult } from '../cli/run-cli.js';
import { type Command, CommanderError } from 'commander';
import { EXIT } from '../../src/cli/exit-codes.js';
import { createFactory } from '../../src/cli/factory.js';
import { handleError } from '../../src/cli/handle-error.js';
import { memoryIo } from '../../src/cli/io.js';
import { buildProgram, COMMANDS } from '../../src/cli/program.js';

export async function runInProcess(
  args: string[],
  opts: { env: NodeJS.ProcessEnv; tty?: boolean; columns?: number },
): Promise<Omit<CliResult, 'signal'>> {
  const io = memoryIo({ env: opts.env, tty: opts.tty, columns: opts.columns });
  const f = createFactory({ env: opts.env, io: () => io });
  const program = buildProgram(COMMANDS.some((d) => d.name === args[0]) ? args[0] : undefined, f);
  // (Each command copies the output settings when it is made: set them on every one.)
  const output = {
    writeOut: (s: string) => void io.stdout.write(s),
    writeErr: (s: string) => void io.stderr.write(s),
    outputError: (text: string, write: (s: string) => void) => write(text.replace(/^error: /, 'filings: ')),
  };
  const all = (c: Command): Command[] => [c, ...c.commands.flatMap(all)];
  for (const c of all(program)) c.configureOutput(output);
  const json = args.includes('--json') || args.includes('--jsonl') || /--format[ =]jsonl?\b/.test(args.join(' '));
  let code: number = EXIT.OK;
  try {
    await program.parseAsync(['node', 'filings', ...args]);
  } catch (error) {
    code =
      error instanceof CommanderError
        ? error.exitCode === 0
          ? EXIT.OK
          : EXIT.USAGE
        : handleError(error, {
            debug: false,
            json,
            stdout: io.stdout as unknown as NodeJS.WritableStream,
            stderr: io.stderr as unknown as NodeJS.WritableStream,
          });
  }
  return { code, stdout: io.out(), stderr: io.err() };
}
