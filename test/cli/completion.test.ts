// Shell completions: generated from the Commander tree, checked in under completions/ equal to the
// generator's output, and they complete what the CLI accepts (bash and fish run for real when present).
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FILTER_FIELDS } from '../../src/contract/fields.js';
import { CHECKED_IN, completionScript, SHELLS } from '../../src/cli/completion/script.js';
import { allCommands, completionSpec } from '../../src/cli/completion/spec.js';
import { QUERY_OPTIONS } from '../../src/cli/commands/query/options.js';
import { longName } from '../../src/cli/options.js';
import { buildProgram } from '../../src/cli/program.js';
import { SETTINGS } from '../../src/cli/settings/keys.js';
import { cleanEnv, runCli } from './run-cli.js';
import { tempDir } from '../helpers/tmp.js';

const COMPLETIONS = resolve(__dirname, '../../completions');
const has = (shell: string) => spawnSync('sh', ['-c', `command -v ${shell}`]).status === 0;

describe('completion spec, walked from the Commander tree', () => {
  const spec = completionSpec(buildProgram());
  const byPath = new Map(allCommands(spec).map((c) => [c.path.join(' '), c]));

  it('holds every command and nested subcommand', () => {
    for (const c of buildProgram().commands) {
      expect(byPath.has(c.name())).toBe(true);
      for (const sub of c.commands) expect(byPath.has(`${c.name()} ${sub.name()}`)).toBe(true);
    }
    expect(byPath.get('completion')!.args[0]!.value).toEqual({ kind: 'words', words: ['bash', 'zsh', 'fish'] });
  });

  it('gives query every option of the options table, the global ones and the choices', () => {
    const query = byPath.get('query')!;
    const longs = query.options.map((o) => o.long);
    for (const d of QUERY_OPTIONS) expect(longs).toContain(`--${longName(d)}`);
    for (const g of ['--base-url', '--index', '--no-color', '--help']) expect(longs).toContain(g);
    const values = (long: string) => query.options.find((o) => o.long === long)!.value;
    expect(values('--mode')).toMatchObject({ kind: 'words', words: ['basic', 'research', 'agentic_research'] });
    expect(values('--effort')).toMatchObject({ words: ['low', 'medium', 'high'] });
    expect(values('--evidence-format')).toMatchObject({ words: ['rendered', 'xml'] });
    expect(values('--format')).toMatchObject({ words: ['table', 'json', 'jsonl', 'csv', 'tsv', 'markdown'] });
    expect(values('--output')).toMatchObject({ kind: 'files' });
    const filter = values('--filter') as { kind: string; words: string[] };
    expect(filter.kind).toBe('filter');
    for (const f of FILTER_FIELDS) for (const n of [f.name, ...f.aliases]) expect(filter.words).toContain(`${n}=`);
  });
});

describe('checked-in completion scripts', () => {
  it.each(SHELLS)('completions/%s equals the generator output (regenerate: filings completion SHELL > completions/FILE)', (shell) => {
    const file = join(COMPLETIONS, CHECKED_IN[shell]);
    const generated = completionScript(shell, buildProgram());
    if (process.env.UPDATE_COMPLETIONS === '1') writeFileSync(file, generated);
    expect(readFileSync(file, 'utf8')).toBe(generated);
  });

  it('filings completion bash prints the checked-in script', async () => {
    const r = await runCli(['completion', 'bash']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(readFileSync(join(COMPLETIONS, CHECKED_IN.bash), 'utf8'));
  });

  it('describes the program it is given, not one it builds itself', () => {
    const program = buildProgram();
    program.command('only-here').description('a command this program alone has');
    for (const shell of SHELLS) expect(completionScript(shell, program)).toContain('only-here');
    expect(completionScript('bash', buildProgram())).not.toContain('only-here');
  });

  it('rejects an unknown shell with exit 2', async () => {
    const r = await runCli(['completion', 'powershell']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/bash, zsh, fish/);
  });

  it.each(SHELLS.filter(has))('%s parses the script', (shell) => {
    const flag = shell === 'fish' ? '--no-execute' : '-n';
    expect(() => execFileSync(shell, [flag, join(COMPLETIONS, CHECKED_IN[shell])], { stdio: 'pipe' })).not.toThrow();
  });
});

// Words as bash splits them (COMP_WORDBREAKS makes "=" a word of its own); the last is the cursor's.
const BASH_CASES: [string[], string][] = [
  [['filings', ''], 'query figures filters serve mcp openapi config corpus completion help'],
  [['filings', 'figures', '--m'], '--measure'],
  [['filings', 'q'], 'query'],
  [['filings', 'query', '--mo'], '--mode'],
  [['filings', 'query', '--mode', ''], 'basic research agentic_research'],
  [['filings', 'query', '--mode', '=', 'a'], 'agentic_research'],
  [['filings', 'query', '-f', 'tic'], 'ticker='],
  [['filings', 'query', '--answer', '--evidence-format', ''], 'rendered xml'],
  [['filings', 'figures', 'KO', '--format', ''], 'table json jsonl csv tsv markdown'],
  [['filings', 'config', ''], 'path get set unset list help'],
  [['filings', '--profile', 'x', 'config', 'get', 'api'], 'api_key api_key_file'],
  [['filings', 'config', 'set', 'mode', ''], ''],
  [['filings', 'completion', ''], 'bash zsh fish'],
  [['filings', 'serve', '--log-format', ''], 'json off'],
  [['filings', 'corpus', 'add', '--j'], '--json'],
];

describe.skipIf(!has('bash'))('bash completion, run in bash', () => {
  it('completes commands, options, choices, filter fields and config keys', () => {
    const dir = tempDir('filings-comp-');
    const lines = [`source ${JSON.stringify(join(COMPLETIONS, CHECKED_IN.bash))}`];
    for (const [words] of BASH_CASES) {
      lines.push(
        `COMP_WORDS=(${words.map((w) => JSON.stringify(w)).join(' ')}); COMP_CWORD=${words.length - 1}; COMPREPLY=(); _filings; echo "\${COMPREPLY[*]}"`,
      );
    }
    writeFileSync(join(dir, 't.sh'), lines.join('\n'));
    const out = execFileSync('bash', [join(dir, 't.sh')], { encoding: 'utf8' }).split('\n');
    expect(BASH_CASES.map(([words], i) => [words.join(' '), out[i]])).toEqual(BASH_CASES.map(([words, want]) => [words.join(' '), want]));
  });
});

describe.skipIf(!has('fish'))('fish completion, run in fish', () => {
  it.each<[string, string[]]>([
    ['filings que', ['query']],
    ['filings query --mode ', ['agentic_research', 'basic', 'research']],
    ['filings query -f sec_tic', ['sec_ticker=']],
    // Every key of the settings table (settings/keys.ts), whatever keys it grows.
    ['filings config get ', SETTINGS.map((d) => d.key).sort()],
    ['filings completion ', ['bash', 'fish', 'zsh']],
  ])('%j', (line, want) => {
    const out = execFileSync('fish', ['-c', `source ${join(COMPLETIONS, CHECKED_IN.fish)}; complete -C ${JSON.stringify(line)}`], {
      encoding: 'utf8',
    });
    expect(
      out
        .trim()
        .split('\n')
        .map((l) => l.split('\t')[0])
        .sort(),
    ).toEqual(want);
  });
});

describe.skipIf(!has('zsh'))('zsh completion, loaded in zsh', () => {
  it('registers _filings for filings after compinit, with a function per command path', () => {
    const script = join(COMPLETIONS, CHECKED_IN.zsh);
    const out = execFileSync(
      'zsh',
      [
        '-fc',
        `autoload -U compinit; compinit -u -D; source ${script}; print -r -- $_comps[filings] $+functions[_filings_config_set] $+functions[_filings_corpus_add]`,
      ],
      {
        encoding: 'utf8',
        env: { ...process.env, HOME: tempDir('filings-zsh-') },
      },
    );
    expect(out.trim()).toBe('_filings 1 1');
  });
});

/** A directory holding a `filings` command (the built CLI), for the scripts that call it. */
function filingsOnPath(): string {
  const dir = tempDir('filings-bin-');
  writeFileSync(
    join(dir, 'filings'),
    `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(resolve(__dirname, '../../bin/filings.js'))} "$@"\n`,
    { mode: 0o755 },
  );
  return dir;
}

describe('filter values: -f FIELD= completes the values the CLI lists for that field', () => {
  const env = () => ({ ...cleanEnv({ FILINGS_INDEX: process.env.FILINGS_TEST_INDEX }), PATH: `${filingsOnPath()}:${process.env.PATH}` });
  const listed = (field: string) =>
    execFileSync(process.execPath, [resolve(__dirname, '../../bin/filings.js'), 'filters', '--field', field, '--list'], {
      env: env(),
      encoding: 'utf8',
    })
      .trim()
      .split('\n');

  it('filings filters --field FIELD --list prints them, short names accepted', () => {
    expect(listed('ticker')).toContain('MMM');
    expect(listed('sec_ticker')).toEqual(listed('ticker'));
    expect(listed('item')).toContain('10K-Item-1A');
  });

  it.skipIf(!has('bash'))('bash: tickers, sectors (quoted, any case) and item tags after "=", from the index in use', () => {
    const cases: [string[], string[]][] = [
      [['filings', 'query', '-f', 'ticker', '=', 'MM'], listed('ticker').filter((t) => t.startsWith('MM'))],
      [['filings', 'query', '-f', 'sector', '=', 'inf'], ['Information\\ Technology']],
      [
        ['filings', '--index', process.env.FILINGS_TEST_INDEX!, 'query', '--filter', 'item', '=', '10K-Item-1'],
        listed('item').filter((t) => t.startsWith('10K-Item-1')),
      ],
      [['filings', 'query', '-f', 'ticker=MMM', '-f', 'year', '=', ''], listed('year')],
    ];
    const dir = tempDir('filings-comp-');
    const lines = [`source ${JSON.stringify(join(COMPLETIONS, CHECKED_IN.bash))}`];
    for (const [words] of cases) {
      lines.push(
        `COMP_WORDS=(${words.map((w) => JSON.stringify(w)).join(' ')}); COMP_CWORD=${words.length - 1}; COMPREPLY=(); _filings; printf '%s\\n' "\${COMPREPLY[*]}"`,
      );
    }
    writeFileSync(join(dir, 't.sh'), lines.join('\n'));
    const out = execFileSync('bash', [join(dir, 't.sh')], { encoding: 'utf8', env: env() }).split('\n');
    expect(cases.map(([w], i) => [w.join(' '), out[i]])).toEqual(cases.map(([w, want]) => [w.join(' '), want.join(' ')]));
    expect(cases[0]![1].length).toBeGreaterThan(0);
  });

  it.skipIf(!has('fish'))('fish: FIELD=VALUE pairs once "=" is typed', () => {
    const out = execFileSync('fish', ['-c', `source ${join(COMPLETIONS, CHECKED_IN.fish)}; complete -C "filings query -f sector=Inf"`], {
      encoding: 'utf8',
      env: env(),
    });
    expect(
      out
        .trim()
        .split('\n')
        .map((l) => l.split('\t')[0]),
    ).toEqual(['sector=Information Technology']);
  });
});
