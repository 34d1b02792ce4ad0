// bin/bundle-choice.js decides, before the CLI loads, whether a run is a query to a service (which starts
// from the bundle without the engine). It must decide as the settings do (src/cli/settings/resolve.ts):
// here both are asked of the same arguments, environment and config file, over every way a base URL is
// given or taken away. A real process then shows a remote query answered from the client bundle, and a
// local one from the whole bundle.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFactory } from '../../src/cli/factory.js';
import { memoryIo } from '../../src/cli/io.js';
import { buildProgram } from '../../src/cli/program.js';
import { tempDir } from '../helpers/tmp.js';

const { queriesService } = createRequire(import.meta.url)('../../bin/bundle-choice.js') as {
  queriesService: (argv: string[], env: NodeJS.ProcessEnv) => boolean;
};

const URL_A = 'http://127.0.0.1:9/v2/sandp_500';

/** The base URL the settings resolve for `filings query ARGS` (parsed by the program, as main.ts does). */
async function settingsSay(args: string[], env: NodeJS.ProcessEnv): Promise<boolean> {
  const io = memoryIo();
  const f = createFactory({ env, io: () => io });
  const program = buildProgram('query', f);
  const query = program.commands.find((c) => c.name() === 'query')!;
  // Only the parse and the settings: the action is not run.
  query.action(async () => {});
  await program.parseAsync(['node', 'filings', 'query', ...args]);
  await f.start(query.optsWithGlobals());
  return f.settings().baseUrl !== undefined;
}

describe('which bundle a query starts from', () => {
  const home = tempDir('filings-choice-');
  const withProfiles = (profiles: Record<string, Record<string, string>>) => {
    const dir = join(home, `cfg-${Math.random().toString(36).slice(2)}`);
    mkdirSync(join(dir, 'filings'), { recursive: true });
    writeFileSync(join(dir, 'filings', 'config.json'), JSON.stringify({ profiles }));
    return dir;
  };
  const none = withProfiles({});
  const remote = withProfiles({ default: { base_url: URL_A }, work: { base_url: '' } });
  const workRemote = withProfiles({ default: {}, work: { base_url: URL_A } });
  const cases: [string, string[], NodeJS.ProcessEnv][] = [
    ['nothing set', [], { XDG_CONFIG_HOME: none }],
    ['the environment', [], { XDG_CONFIG_HOME: none, FILINGS_BASE_URL: URL_A }],
    ['an empty variable', [], { XDG_CONFIG_HOME: remote, FILINGS_BASE_URL: '' }],
    ['the flag', ['--base-url', URL_A], { XDG_CONFIG_HOME: none }],
    ['the flag with =', [`--base-url=${URL_A}`], { XDG_CONFIG_HOME: none }],
    ['an empty flag over the environment', ['--base-url', ''], { XDG_CONFIG_HOME: none, FILINGS_BASE_URL: URL_A }],
    ['--local over everything', ['--local', '--base-url', URL_A], { XDG_CONFIG_HOME: remote, FILINGS_BASE_URL: URL_A }],
    ['the default profile', [], { XDG_CONFIG_HOME: remote }],
    ['a profile by flag, its base URL empty', ['--profile', 'work'], { XDG_CONFIG_HOME: remote }],
    ['a profile by the environment', [], { XDG_CONFIG_HOME: workRemote, FILINGS_PROFILE: 'work' }],
    ['the default profile without one', [], { XDG_CONFIG_HOME: workRemote }],
  ];
  it.each(cases)('%s: as the settings decide', async (_, args, env) => {
    const settings = await settingsSay([...args, 'revenue'], env);
    expect(queriesService(['node', 'filings', 'query', ...args, 'revenue'], env)).toBe(settings);
  });

  it('never for another command, nor for words after --', () => {
    expect(queriesService(['node', 'filings', 'figures', 'KO'], { FILINGS_BASE_URL: URL_A })).toBe(false);
    expect(queriesService(['node', 'filings', 'query', '--', '--local'], { FILINGS_BASE_URL: URL_A })).toBe(true);
  });
});
