// One Factory per invocation (gh's cmdutil.Factory): made where the program starts (main.ts) and handed
// to every command. The I/O streams, the config file, the settings and the clients are each built the
// first time a command asks, so a command pays for what it uses only. Commands read their settings here
// and nowhere else: none reads the environment or works out a path on its own, so every command sees
// the same index, key, timeouts and User-Agent, by the one rule of settings/resolve.ts.
import type { Backend } from '../backend.js';
import { configPath, loadConfigFile, type LoadedConfig } from './config.js';
import { UsageError } from './errors.js';
import type { Io } from './io.js';
import { profileName, resolveSettings, type Settings } from './settings/resolve.js';

export interface Factory {
  /** Streams, terminal, width and colour. */
  readonly io: Io;
  /** The config file: its path and profiles (a warning about its mode said once, on stderr). */
  config(): LoadedConfig;
  /** The settings in effect: flag > environment > profile > default, for every key. */
  settings(): Settings;
  /** The profile named (--profile > FILINGS_PROFILE > default), without reading or checking it. */
  profile(): string;
  /** The local index in effect (the `index` setting). */
  indexPath(): string;
  /** The remote service when a base URL is set, else the embedded engine over indexPath(); opened on
   * first ask, the same one after. */
  backend(): Promise<Backend>;
  /** A backend of its own, opened now (the MCP server reopens one after a pull changed the index). */
  openBackend(): Promise<Backend>;
  /** Where EDGAR downloads are kept ($XDG_CACHE_HOME/filings). */
  cacheRoot(): Promise<string>;
  /** Stack traces wanted: --debug or FILINGS_DEBUG=1. */
  debug(): boolean;
  /** Called once the arguments are parsed, before the command runs: the program's and the command's
   * options. */
  start(flags: Record<string, unknown>): Promise<void>;
}

export interface FactoryInput {
  env: NodeJS.ProcessEnv;
  cwd?: string;
  /** The I/O object; by default the process's, with the colour flag once parsed. */
  io?: (flags: Record<string, unknown>) => Io;
}

export function createFactory(input: FactoryInput): Factory {
  const { env } = input;
  let flags: Record<string, unknown> = {};
  let io: Io | undefined;
  let makeIo = input.io;
  let config: LoadedConfig | undefined;
  let settings: Settings | undefined;
  let backend: Promise<Backend> | undefined;
  const f: Factory = {
    get io() {
      if (!makeIo) throw new Error('the Factory was asked for its streams before start()');
      return (io ??= makeIo(flags));
    },
    config() {
      if (!config) {
        config = loadConfigFile(configPath(env));
        for (const w of config.warnings) f.io.stderr.write(`filings: warning: ${w}\n`);
      }
      return config;
    },
    settings: () => {
      if (!settings) {
        const { file, path } = f.config();
        settings = resolveSettings({ flags, env, config: file, configPath: path, cwd: input.cwd });
      }
      return settings;
    },
    profile: () => profileName(flags, env).name,
    indexPath: () => f.settings().index,
    backend: () => (backend ??= f.openBackend()),
    openBackend: async () => (await import('./backend-factory.js')).createBackend(f.settings(), env),
    cacheRoot: async () => {
      const { cacheRoot } = await import('../edgar/cache.js');
      try {
        return cacheRoot(env);
      } catch (e) {
        throw new UsageError(`cannot place the download cache: ${(e as Error).message}`);
      }
    },
    debug: () => flags.debug === true || env.FILINGS_DEBUG === '1',
    async start(parsedFlags) {
      flags = parsedFlags;
      settings = undefined;
      // The streams' module (chalk with it) loads when a command runs, not for --version or --help.
      if (!makeIo) {
        const { processIo } = await import('./io.js');
        makeIo = (o) => processIo({ color: o.color as boolean | undefined, env });
      }
    },
  };
  return f;
}
