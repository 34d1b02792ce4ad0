// Entry point: builds the program, runs it, and maps whatever escapes to an exit code.
import { CommanderError } from 'commander';
import { EXIT } from './exit-codes.js';
import { handleError } from './handle-error.js';

// A reader that goes away (`filings query ... | head`) is a normal end of output, not a crash.
function exitQuietlyOnEpipe(stream: NodeJS.WriteStream): void {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw e;
  });
}

export async function main(argv: string[]): Promise<number> {
  exitQuietlyOnEpipe(process.stdout);
  const { buildProgram, COMMANDS } = await import('./program.js');
  const program = buildProgram(COMMANDS.some((d) => d.name === argv[2]) ? argv[2] : undefined);
  const flags = new Set(argv.slice(2));
  try {
    await program.parseAsync(argv);
    return typeof process.exitCode === 'number' ? process.exitCode : EXIT.OK;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Commander has printed its own message (help, version, or a usage error).
      return error.exitCode === 0 ? EXIT.OK : EXIT.USAGE;
    }
    return handleError(error, {
      debug: flags.has('--debug') || process.env.FILINGS_DEBUG === '1',
      json: flags.has('--json') || flags.has('--jsonl'),
      stdout: process.stdout,
      stderr: process.stderr,
    });
  }
}
