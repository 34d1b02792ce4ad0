// One shape for every command: src/cli/commands/<name>/command.ts holds its definition (options
// table included) and is listed in COMMANDS; program.ts defines nothing itself; a definition loads
// nothing heavy (its action is a dynamic import), so start-up stays fast.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandOptions, walkDefs } from '../../src/cli/command.js';
import { DOC_BLOCKS } from '../../src/cli/docs.js';
import { buildProgram, COMMANDS } from '../../src/cli/program.js';
import { runInProcess } from '../helpers/run-in-process.js';

const CLI = resolve(__dirname, '../../src/cli');
const folders = readdirSync(join(CLI, 'commands'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

describe('one shape for every command', () => {
  it('each command has its folder with a command.ts, and each folder is a command', () => {
    expect(COMMANDS.map((c) => c.name).sort()).toEqual([...folders].sort());
    for (const name of folders) expect(existsSync(join(CLI, 'commands', name, 'command.ts')), name).toBe(true);
    // Nothing sits beside the folders: no command defined another way.
    expect(readdirSync(join(CLI, 'commands')).filter((f) => f.endsWith('.ts'))).toEqual([]);
  });

  it('Commander is only driven by the definitions: no command or option defined by hand', () => {
    const offenders: string[] = [];
    const walk = (dir: string): void => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const p = join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (
          e.name.endsWith('.ts') &&
          p !== join(CLI, 'command.ts') &&
          /\.(command|option|requiredOption)\(/.test(readFileSync(p, 'utf8'))
        )
          offenders.push(p);
      }
    };
    walk(CLI);
    expect(offenders).toEqual([]);
  });

  it('definitions import nothing at run time but option tables; actions load when they run', () => {
    for (const name of folders) {
      const text = readFileSync(join(CLI, 'commands', name, 'command.ts'), 'utf8');
      const runtime = [...text.matchAll(/^import\s+(?!type\b)[^;]*?from\s+'([^']+)'/gm)].map((m) => m[1]);
      expect(
        runtime.filter((m) => !/(?:options|output\/formats)\.js$/.test(m!)),
        name,
      ).toEqual([]);
      expect(text, name).toMatch(/await import\('\.\/[\w-]+\.js'\)/);
    }
  });

  it('every command is in the generated reference with its options, and listed in the commands table', () => {
    const reference = DOC_BLOCKS['command-reference']!();
    for (const { path, def } of walkDefs(COMMANDS)) {
      expect(reference, path.join(' ')).toContain(`# filings ${path.join(' ')}\n`);
      for (const o of (def.options ?? []).filter((x) => !x.hidden))
        expect(reference, `${path.join(' ')} ${o.flags}`).toContain(`| \`${o.flags.replace(/\|/g, '\\|')}\` |`);
      if (def.action) expect(DOC_BLOCKS.commands!(), path.join(' ')).toContain(`filings ${path.join(' ')}`);
    }
  });

  it('the Commander tree has every definition, with its options and the flags the key table gives it', () => {
    const program = buildProgram();
    for (const { path, def } of walkDefs(COMMANDS)) {
      let cmd = program;
      for (const name of path) cmd = cmd.commands.find((c) => c.name() === name)!;
      expect(cmd, path.join(' ')).toBeDefined();
      expect(cmd.options.map((o) => o.flags)).toEqual(commandOptions(def, path).map((o) => o.flags));
    }
    const pull = program.commands.find((c) => c.name() === 'corpus')!.commands.find((c) => c.name() === 'pull')!;
    expect(pull.options.map((o) => o.flags)).toContain('--user-agent <text>');
  });

  it('--help of every command fits 80 columns, examples aside (they stay whole, to be pasted)', async () => {
    const over: string[] = [];
    for (const path of [[], ...walkDefs(COMMANDS).map((d) => d.path)]) {
      const r = await runInProcess([...path, '--help'], { env: { ...process.env, COLUMNS: '80' } });
      const text = r.stdout.split(/^Examples?:$/m)[0]!;
      for (const line of text.split('\n')) if ([...line].length > 80) over.push(`${path.join(' ') || 'filings'}: ${line}`);
    }
    expect(over).toEqual([]);
  });
});
