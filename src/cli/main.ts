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
  const [{ buildProgram, COMMANDS }, { createFactory }, colour] = await Promise.all([
    import('./program.js'),
    import('./factory.js'),
    import('./render/color.js'),
  ]);
  // Chalk only for a run that may colour (a terminal, or FORCE_COLOR): JSON into a pipe never loads it.
  if (colour.mayColour(process.env, [process.stdout, process.stderr])) await colour.loadColour();
  // The one settings object of this invocation: every command reads its settings from it.
  const f = createFactory({ env: process.env });
  const program = buildProgram(COMMANDS.some((d) => d.name === argv[2]) ? argv[2] : undefined, f);
  const flags = new Set(argv.slice(2));
  // An error under a JSON format is a JSON document too (--json, --jsonl, --format json).
  const format = argv.slice(2).flatMap((a, i, all) => (a === '--format' ? [all[i + 1]] : a.startsWith('--format=') ? [a.slice(9)] : []));
  try {
    await program.parseAsync(argv);
    return typeof process.exitCode === 'number' ? process.exitCode : EXIT.OK;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Commander has printed its own message (help, version, or a usage error).
      return error.exitCode === 0 ? EXIT.OK : EXIT.USAGE;
    }
    return handleError(error, {
      debug: flags.has('--debug') || f.debug(),
      json: flags.has('--json') || flags.has('--jsonl') || format.some((x) => x === 'json' || x === 'jsonl'),
      stdout: process.stdout,
      stderr: process.stderr,
    });
  }
}
