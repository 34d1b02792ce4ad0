// Where the index lives by default: $XDG_DATA_HOME/filings/index.sqlite (XDG's default data home is
// ~/.local/share). The default of the CLI's index setting, which a flag or FILINGS_INDEX overrides
// (src/cli/settings/keys.ts); the environment is the caller's to hand in.
import { homedir } from 'node:os';
import { join } from 'node:path';

export function defaultIndexPath(env: NodeJS.ProcessEnv): string {
  const dataHome = env.XDG_DATA_HOME?.startsWith('/') ? env.XDG_DATA_HOME : join(homedir(), '.local', 'share');
  return join(dataHome, 'filings', 'index.sqlite');
}
