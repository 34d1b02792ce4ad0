// Runs a command of the CLI in this process, as main.ts does, over the Factory's test double (memoryIo):
// gh's way of testing commands (a factory over in-memory streams). What only a real process shows (exit
// by a signal, a terminal, the bundle, the start-up) stays with runCli.
import type { Command } from 'commander';
import { createFactory } from '../../src/cli/factory.js';
import { memoryIo } from '../../src/cli/io.js';
import { buildProgram, COMMANDS } from '../../src/cli/program.js';
import { runProgram } from '../../src/cli/run-program.js';
import { type CliResult, cleanEnv } from '../cli/run-cli.js';

export async function runInProcess(
  args: string[],
  opts: { env?: NodeJS.ProcessEnv; input?: string; cwd?: string; tty?: boolean; columns?: number } = {},
): Promise<CliResult> {
  const env = opts.env ?? cleanEnv();
  const io = memoryIo({ env, tty: opts.tty, columns: opts.columns, stdin: opts.input });
  const f = createFactory({ env, cwd: opts.cwd, io: () => io });
  const program = buildProgram(COMMANDS.some((d) => d.name === args[0]) ? args[0] : undefined, f);
  // (Each command copies the output settings when it is made: set the streams on every one; Commander
  // merges them with the program's own, its "filings: " errors kept.)
  const output = { writeOut: (s: string) => void io.stdout.write(s), writeErr: (s: string) => void io.stderr.write(s) };
  const all = (c: Command): Command[] => [c, ...c.commands.flatMap(all)];
  for (const c of all(program)) c.configureOutput(output);
  const streams = { stdout: io.stdout as unknown as NodeJS.WritableStream, stderr: io.stderr as unknown as NodeJS.WritableStream };
  const code = await runProgram(program, args, { debug: () => args.includes('--debug') || f.debug(), ...streams });
  return { code, signal: null, stdout: io.out(), stderr: io.err() };
}
