// Runs the bundled CLI (dist/bundle/main.cjs) compiled from V8's code cache when there is one: the
// bytecode of the functions the command ran last time, so this run skips compiling them (Node 20 has
// no compile cache for ES modules; a CommonJS script given to vm.Script has one). The cache is kept
// per command (and query mode) and per bundle, Node and V8 (a stale one is rejected by V8 and
// rewritten) in dist/bundle/.v8-cache, or $XDG_CACHE_HOME/filings (~/.cache/filings) when the package
// is read-only.
// It is written when missing, after the command's output, atomically; any failure only costs the
// speed-up. A run that fails (a usage error, no index yet) compiles little of what the command runs
// when it succeeds: its cache is kept as partial, used until a run that succeeds writes the whole one. FILINGS_NO_CODE_CACHE=1 turns it off. A vendor chunk (dist/bundle/vendor/, the libraries
// only some commands load) is run the same way, with a cache of its own, when the bundle requires it.
'use strict';
const { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } = require('node:fs');
const { createRequire } = require('node:module');
const { userInfo } = require('node:os');
const { dirname, isAbsolute, join } = require('node:path');
const vm = require('node:vm');

// The commands of src/cli/program.ts (each its own cache; anything else shares one).
const COMMANDS = new Set(['query', 'figures', 'filters', 'serve', 'mcp', 'openapi', 'config', 'corpus', 'completion']);

/** Which cache a run uses: its command's, and for `query` its mode's and whether it answers, since each
 * runs code the others do not (an agentic query from a research query's cache compiled 15 ms more); a
 * dry run, which opens no engine, has its own. */
function cacheName(argv) {
  const command = COMMANDS.has(argv[2]) ? argv[2] : 'other';
  if (command !== 'query') return command;
  const at = argv.findIndex((a) => a === '--mode' || a === '-m');
  const mode = at > 0 ? argv[at + 1] : argv.find((a) => a.startsWith('--mode='))?.slice(7);
  const answers = argv.includes('--answer') || argv.includes('--analysis');
  const dry = argv.includes('--dry-run');
  return ['query', /^[a-z_]+$/.test(mode ?? '') ? mode : '', answers ? 'answer' : '', dry ? 'dry' : ''].filter(Boolean).join('.');
}

/** $XDG_CACHE_HOME/filings, else ~/.cache/filings, as the CLI places its download cache
 * (src/engine/index/location.ts): a relative XDG_CACHE_HOME or an empty or relative HOME is unset (the
 * home the password database names is used), and with no home at all there is no such place, never the
 * working directory. */
function userCacheDir() {
  const xdg = process.env.XDG_CACHE_HOME;
  if (xdg && isAbsolute(xdg)) return join(xdg, 'filings');
  let home = process.env.HOME;
  if (!home || !isAbsolute(home)) {
    try {
      home = userInfo().homedir;
    } catch {
      return undefined;
    }
  }
  return home && isAbsolute(home) ? join(home, '.cache', 'filings') : undefined;
}

/** Where the cache of `file` for this run's command is kept (a vendor chunk's beside the chunk,
 * named after the command and the chunk): the whole one's places, then the partial one's. */
function cachePath(file, argv, chunk) {
  const s = statSync(file);
  const command = cacheName(argv) + (chunk ? `.${chunk}` : '');
  const key = `${command}-${Math.round(s.mtimeMs)}-${s.size}-${process.version}-${process.arch}`;
  const dirs = [join(dirname(file), '.v8-cache'), userCacheDir()].filter(Boolean);
  return { whole: dirs.map((d) => join(d, `${key}.v8cache`)), partial: dirs.map((d) => join(d, `${key}.partial.v8cache`)) };
}

function readCache(paths) {
  for (const [p, partial] of [...paths.whole.map((p) => [p, false]), ...paths.partial.map((p) => [p, true])]) {
    try {
      return { path: p, partial, data: readFileSync(p) };
    } catch {
      // not there: the next place, or none
    }
  }
  return undefined;
}

function writeCache(paths, data) {
  for (const p of paths) {
    try {
      mkdirSync(dirname(p), { recursive: true });
      const tmp = `${p}.${process.pid}.tmp`;
      writeFileSync(tmp, data);
      renameSync(tmp, p);
      return;
    } catch {
      // read-only: the next place
    }
  }
}

/** Runs `file` (a CommonJS script: the bundle or a vendor chunk) compiled from its code cache, and
 * returns its exports. Its require() loads a vendor chunk (./vendor/NAME.cjs, scripts/bundle.js) the
 * same way, once. */
function loadScript(file, argv, chunk, chunks) {
  // Latin-1: the bundle is ASCII (scripts/bundle.js escapes the rest), and Latin-1 decodes faster than UTF-8.
  const source = readFileSync(file, 'latin1');
  const useCache = process.env.FILINGS_NO_CODE_CACHE !== '1';
  const paths = useCache ? cachePath(file, argv, chunk) : undefined;
  const cached = paths ? readCache(paths) : undefined;
  const wrapped = `(function (exports, require, module, __filename, __dirname) {${source}\n})`;
  // No importModuleDynamically: the bundle has no import() (scripts/bundle.js checks), and asking for one
  // loads Node's ES module loader.
  const script = new vm.Script(wrapped, { filename: file, cachedData: cached?.data });
  const module = { exports: {} };
  const plain = createRequire(file);
  const require = Object.assign((id) => {
    const name = /^\.\/vendor\/([\w-]+)\.cjs$/.exec(id)?.[1];
    if (!name) return plain(id);
    if (!chunks.has(name)) chunks.set(name, loadScript(join(dirname(file), 'vendor', `${name}.cjs`), argv, name, chunks));
    return chunks.get(name);
  }, plain);
  script.runInThisContext()(module.exports, require, module, file, dirname(file));
  if (paths && (!cached || cached.partial || script.cachedDataRejected)) {
    // After the command: what it compiled is then in the cache. A failed run's is partial, and only
    // written where there was none (or V8 rejected it).
    process.once('exit', (code) => {
      const whole = code === 0;
      if (!whole && cached && !script.cachedDataRejected) return;
      const places = whole ? paths.whole : paths.partial;
      const rejected = cached && script.cachedDataRejected && places.includes(cached.path) ? [cached.path] : [];
      writeCache([...rejected, ...places.filter((p) => !rejected.includes(p))], script.createCachedData());
      if (whole) for (const p of paths.partial) rmSync(p, { force: true });
    });
  }
  return module.exports;
}

async function runBundle(file, argv) {
  return loadScript(file, argv, undefined, new Map()).main(argv);
}

const bundleFile = join(__dirname, '../dist/bundle/main.cjs');
const clientBundleFile = join(__dirname, '../dist/bundle/client.cjs');

module.exports = { runBundle, bundleFile, clientBundleFile, cacheName };
