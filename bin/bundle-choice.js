// Which bundle a run starts from: a query sent to a service needs no engine, and starts from
// dist/bundle/client.cjs (the CLI without the engine: half the code to read and deserialize); anything
// else from dist/bundle/main.cjs. Whether a base URL is set is decided as the settings decide it
// (src/cli/settings/resolve.ts: --local, then --base-url, then FILINGS_BASE_URL, then the profile's
// base_url, an empty one meaning the local engine); test/cli/bundle-choice.test.ts holds the two to
// the same answer. When in doubt (a config file that cannot be read), the whole bundle.
'use strict';
const { readFileSync } = require('node:fs');
const { userInfo } = require('node:os');
const { isAbsolute, join } = require('node:path');

/** The value of `--name VALUE` or `--name=VALUE` among the arguments. */
function flag(argv, name) {
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--') return undefined;
    if (argv[i] === name) return argv[i + 1];
    if (argv[i].startsWith(`${name}=`)) return argv[i].slice(name.length + 1);
  }
  return undefined;
}

/** $XDG_CONFIG_HOME/filings/config.json, else under the home (config.ts, index/location.ts). */
function configFile(env) {
  const xdg = env.XDG_CONFIG_HOME;
  if (xdg && isAbsolute(xdg)) return join(xdg, 'filings', 'config.json');
  let home = env.HOME && isAbsolute(env.HOME) ? env.HOME : '';
  if (!home) home = userInfo().homedir;
  return join(home, '.config', 'filings', 'config.json');
}

/** Whether the run is `filings query` to a service. */
function queriesService(argv, env) {
  if (argv[2] !== 'query') return false;
  const args = argv.slice(3);
  const ended = args.indexOf('--');
  if ((ended < 0 ? args : args.slice(0, ended)).includes('--local')) return false;
  const given = flag(args, '--base-url');
  if (given !== undefined) return given !== '';
  if (env.FILINGS_BASE_URL !== undefined) return env.FILINGS_BASE_URL !== '';
  try {
    const profiles = JSON.parse(readFileSync(configFile(env), 'utf8')).profiles;
    const named = flag(args, '--profile') || env.FILINGS_PROFILE || 'default';
    const url = profiles?.[named]?.base_url;
    return typeof url === 'string' && url !== '';
  } catch {
    return false;
  }
}

module.exports = { queriesService };
