// A setting added as docs/development.md says (one row of src/cli/settings/keys.ts) works with nothing
// else written: its flag is an option Commander knows (on every command, or on the command the row
// names), its environment variable and the profile give it, `config list` shows where it came from,
// and help, docs and completion list it. Run in process over a program built the way main.ts builds it.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walkDefs } from '../../src/cli/command.js';
import { allCommands, completionSpec } from '../../src/cli/completion/spec.js';
import { DOC_BLOCKS } from '../../src/cli/docs.js';
import { createFactory } from '../../src/cli/factory.js';
import { memoryIo } from '../../src/cli/io.js';
import { buildProgram, COMMANDS } from '../../src/cli/program.js';
import { SETTINGS, type SettingDef } from '../../src/cli/settings/keys.js';
import type { RequestDefaults } from '../../src/contract/request-defaults.js';
import type { McpContext } from '../../src/mcp/context.js';
import { researchRequest } from '../../src/mcp/tools/query-filings.js';
import { tempDir } from '../helpers/tmp.js';

// Two rows as the recipe writes them: a global flag, and one command's own.
const ADDED: SettingDef[] = [
  {
    key: 'recipe_global',
    description: 'a setting added by the recipe',
    env: ['FILINGS_RECIPE_GLOBAL'],
    flag: { spec: '--recipe-global <value>' },
  },
  {
    key: 'recipe_own',
    description: "a command's own setting added by the recipe",
    env: ['FILINGS_RECIPE_OWN'],
    flag: { spec: '--recipe-own <value>', command: 'config list' },
  },
  // A default of the request, for query and MCP alike.
  {
    key: 'recipe_request',
    description: 'a request default added by the recipe',
    env: ['FILINGS_RECIPE_REQUEST'],
    request: { path: ['include', 'metadata_dashboard'], value: (v) => v === 'true' },
  },
];

/** `filings ARGS` in process, as main.ts runs it: the settings `config list --json` reports. */
async function configList(
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<Record<string, { value: unknown; source: string; from?: string }>> {
  const io = memoryIo();
  const f = createFactory({ env: { XDG_CONFIG_HOME: configHome, ...env }, io: () => io });
  const program = buildProgram(COMMANDS.some((d) => d.name === args[0]) ? args[0] : undefined, f);
  // Commander's own message (an unknown option) is the failure's.
  program.configureOutput({ writeErr: (s) => io.stderr.write(s), outputError: (s) => io.stderr.write(s) });
  await program.parseAsync(['node', 'filings', ...args]).catch((e: Error) => {
    throw new Error(`filings ${args.join(' ')}: ${e.message} ${io.err()}`);
  });
  return JSON.parse(io.out()).settings;
}

let configHome: string;
beforeAll(() => {
  configHome = tempDir('filings-recipe-');
  (SETTINGS as SettingDef[]).push(...ADDED);
});
afterAll(() => {
  (SETTINGS as SettingDef[]).splice(SETTINGS.length - ADDED.length, ADDED.length);
});

describe('a setting added by the recipe', () => {
  it('its flags are options: the global one on any command, the own one on its command', async () => {
    const s = await configList(['--recipe-global', 'g', 'config', 'list', '--recipe-own', 'o', '--json']);
    expect(s.recipe_global).toEqual({ value: 'g', source: 'flag', from: '--recipe-global' });
    expect(s.recipe_own).toEqual({ value: 'o', source: 'flag', from: '--recipe-own' });
    // The global one after the command's name too, as every global option.
    expect((await configList(['config', 'list', '--recipe-global', 'h', '--json'])).recipe_global).toMatchObject({ value: 'h' });
  });

  it('its variable and the profile give it; config list says which', async () => {
    const env = { FILINGS_RECIPE_GLOBAL: 'from-env' };
    expect((await configList(['config', 'list', '--json'], env)).recipe_global).toEqual({
      value: 'from-env',
      source: 'env',
      from: 'FILINGS_RECIPE_GLOBAL',
    });
    mkdirSync(join(configHome, 'filings'), { recursive: true });
    writeFileSync(join(configHome, 'filings', 'config.json'), JSON.stringify({ profiles: { default: { recipe_own: 'stored' } } }));
    expect((await configList(['config', 'list', '--json'])).recipe_own).toEqual({ value: 'stored', source: 'profile', from: 'default' });
    expect((await configList(['config', 'list', '--json'])).recipe_global).toEqual({ value: null, source: 'default' });
  });

  it('help, the docs and the completions list it', () => {
    expect(buildProgram().helpInformation()).toContain('--recipe-global <value>');
    const list = buildProgram()
      .commands.find((c) => c.name() === 'config')!
      .commands.find((c) => c.name() === 'list')!;
    expect(list.helpInformation()).toContain('--recipe-own <value>');
    expect(DOC_BLOCKS['config-keys']!()).toMatch(/`recipe_own` .*`--recipe-own` \(config list\).*`FILINGS_RECIPE_OWN`/);
    expect(DOC_BLOCKS['global-options']!()).toContain('--recipe-global <value>');
    const spec = allCommands(completionSpec(buildProgram()));
    expect(spec.find((c) => c.path.join(' ') === 'query')!.options.map((o) => o.long)).toContain('--recipe-global');
    expect(spec.find((c) => c.path.join(' ') === 'config list')!.options.map((o) => o.long)).toContain('--recipe-own');
  });
});

describe('a request default added by the recipe', () => {
  it("reaches filings query's request and MCP's query_filings alike; unset, neither", async () => {
    const env = { XDG_CONFIG_HOME: configHome, FILINGS_RECIPE_REQUEST: 'true' };
    const io = memoryIo();
    const f = createFactory({ env, io: () => io });
    await buildProgram('query', f).parseAsync(['node', 'filings', 'query', '--dry-run', 'revenue']);
    expect(JSON.parse(io.out()).include).toMatchObject({ metadata_dashboard: true });
    const mcp = (defaults: RequestDefaults) =>
      researchRequest({ query: 'revenue', include: { answer: true } }, { defaults } as unknown as McpContext);
    expect(mcp(f.settings().request)).toMatchObject({ mode: 'research', include: { answer: true, metadata_dashboard: true } });
    const unset = createFactory({ env: { XDG_CONFIG_HOME: configHome }, io: () => memoryIo() });
    expect(mcp(unset.settings().request).include).toEqual({ answer: true });
  });
});

describe('the key table', () => {
  it("every flag's command is one the program has", () => {
    const paths = new Set(walkDefs(COMMANDS).map(({ path }) => path.join(' ')));
    for (const d of SETTINGS) if (d.flag?.command) expect(paths, d.key).toContain(d.flag.command);
  });
});
