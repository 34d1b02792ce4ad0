// Where the index lives by default: $XDG_DATA_HOME/filings/index.sqlite (XDG's default data home is
// ~/.local/share). The default of the CLI's index setting, which a flag or FILINGS_INDEX overrides
// (src/cli/settings/keys.ts); the environment is the caller's to hand in. With it, the user's
// directories every default path starts from (the configuration's, the download cache's), and the file
// a path names through its symbolic links, which a writer writes (a rename over a link would replace it).
import { lstatSync, readlinkSync } from 'node:fs';
import { userInfo } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';

/** The user's home directory: HOME when it is an absolute path, else the one the password database
 * gives the user. An empty or relative HOME is unset: a default path never starts from the working
 * directory. Throws when neither gives one. */
export function homeDirectory(env: NodeJS.ProcessEnv): string {
  if (env.HOME && isAbsolute(env.HOME)) return env.HOME;
  let home = '';
  try {
    home = userInfo().homedir;
  } catch {
    // No entry for this user (a container's made-up uid): no home.
  }
  if (home && isAbsolute(home)) return home;
  const said = env.HOME === undefined ? 'not set' : env.HOME === '' ? 'empty' : `"${env.HOME}", not an absolute path`;
  throw new Error(
    `no home directory: HOME is ${said} and the password database names none for this user; ` +
      'set HOME, or the XDG directories (XDG_DATA_HOME, XDG_CONFIG_HOME, XDG_CACHE_HOME)',
  );
}

/** An XDG base directory: the variable when it is an absolute path (the specification ignores a
 * relative one), else its default under the home directory (".config", ".local/share", ".cache"). */
export function xdgDirectory(env: NodeJS.ProcessEnv, name: 'XDG_DATA_HOME' | 'XDG_CONFIG_HOME' | 'XDG_CACHE_HOME'): string {
  const set = env[name];
  if (set && isAbsolute(set)) return set;
  const under = { XDG_DATA_HOME: ['.local', 'share'], XDG_CONFIG_HOME: ['.config'], XDG_CACHE_HOME: ['.cache'] }[name];
  return join(homeDirectory(env), ...under);
}

export function defaultIndexPath(env: NodeJS.ProcessEnv): string {
  return join(xdgDirectory(env, 'XDG_DATA_HOME'), 'filings', 'index.sqlite');
}

/** Symbolic links a path may pass through before it is taken for a loop (Linux's own limit). */
const MAX_LINKS = 40;

/** The file `path` names, absolute, its symbolic links followed, even to a target not there yet (a
 * dangling link): what a writer that renames a new file into place must write, so that the link stays
 * a link. Throws an Error (code ELOOP) for a loop of links. */
export function linkTarget(path: string): string {
  let p = resolve(path);
  for (let hops = 0; hops <= MAX_LINKS; hops++) {
    try {
      if (!lstatSync(p).isSymbolicLink()) return p;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return p;
      throw e;
    }
    p = resolve(dirname(p), readlinkSync(p));
  }
  throw Object.assign(new Error(`more than ${MAX_LINKS} symbolic links from ${path}: a loop`), { code: 'ELOOP' });
}
