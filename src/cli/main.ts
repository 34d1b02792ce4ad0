// Entry point: builds the program, runs it, and maps whatever escapes to an exit code.
import { OutputError } from './errors.js';
import { handleError } from './handle-error.js';
import { runProgram } from './run-program.js';

/** Standard output that fails, reported by the stream whenever the write was (an 'error' event, after
 * the command wrote it), for every command here: a reader that went away (`filings query ... | head`)
 * is a normal end of output; anything else (`> /dev/full`) is one line on stderr and its exit code,
 * never a stack trace. Standard error failing has nowhere to be told: what stdout carries still counts. */
function watchOutput(debug: () => boolean): void {
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    process.exit(handleError(new OutputError(e), { debug: debug(), json: false, stdout: process.stdout, stderr: process.stderr }));
  });
  process.stderr.on('error', () => undefined);
}

export async function main(argv: string[]): Promise<number> {
  let debug = () => argv.includes('--debug');
  watchOutput(() => debug());
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
  debug = () => flags.has('--debug') || f.debug();
  return runProgram(program, argv.slice(2), { debug, stdout: process.stdout, stderr: process.stderr });
}
