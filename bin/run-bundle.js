// Runs the bundled CLI (dist/bundle/main.cjs) compiled from V8's code cache when there is one: the
// bytecode of the functions the command ran last time, so this run skips compiling them (Node 20 has
// no compile cache for ES modules; a CommonJS script given to vm.Script has one). The cache is kept
// per command (and query mode) and per bundle, Node and V8 (a stale one is rejected by V8 and
// rewritten) in dist/bundle/.v8-cache, or $XDG_CACHE_HOME/filings (~/.cache/filings) when the package
// is read-only.
// It is written when missing, after the command's output, atomically; any failure only costs the
// speed-up. FILINGS_NO_CODE_CACHE=1 turns it off.
'use strict';
const { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } = require('node:fs');
const { createRequire } = require('node:module');
const { homedir } = require('node:os');
const { dirname, join } = require('node:path');
const vm = require('node:vm');

// The commands of src/cli/program.ts (each its own cache; anything else shares one).
const COMMANDS = new Set(['query', 'figures', 'filters', 'serve', 'mcp', 'openapi', 'config', 'corpus', 'completion']);

/** Which cache a run uses: its command's, and for `query` its mode's and whether it answers, since each
 * runs code the others do not (an agentic query from a research query's cache compiled 15 ms more). */
function cacheName(argv) {
  const command = COMMANDS.has(argv[2]) ? argv[2] : 'other';
  if (command !== 'query') return command;
  const at = argv.findIndex((a) => a === '--mode' || a === '-m');
  const mode = at > 0 ? argv[at + 1] : argv.find((a) => a.startsWith('--mode='))?.slice(7);
  const answers = argv.includes('--answer') || argv.includes('--analysis');
  return ['query', /^[a-z_]+$/.test(mode ?? '') ? mode : '', answers ? 'answer' : ''].filter(Boolean).join('.');
}

function cachePath(file, argv) {
  const s = statSync(file);
  const command = cacheName(argv);
  const key = `${command}-${Math.round(s.mtimeMs)}-${s.size}-${process.version}-${process.arch}.v8cache`;
  const dirs = [join(dirname(file), '.v8-cache'), join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'filings')];
  return dirs.map((d) => join(d, key));
}

function readCache(paths) {
  for (const p of paths) {
    try {
      return { path: p, data: readFileSync(p) };
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

async function runBundle(file, argv) {
  const source = readFileSync(file, 'utf8');
  const useCache = process.env.FILINGS_NO_CODE_CACHE !== '1';
  const paths = useCache ? cachePath(file, argv) : [];
  const cached = useCache ? readCache(paths) : undefined;
  const wrapped = `(function (exports, require, module, __filename, __dirname) {${source}\n})`;
  // No importModuleDynamically: the bundle has no import() (scripts/bundle.js checks), and asking for one
  // loads Node's ES module loader.
  const script = new vm.Script(wrapped, { filename: file, cachedData: cached?.data });
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(file), module, file, dirname(file));
  if (useCache && (!cached || script.cachedDataRejected)) {
    // After the command: what it compiled is then in the cache.
    process.once('exit', () =>
      writeCache(
        cached && script.cachedDataRejected ? [cached.path, ...paths.filter((p) => p !== cached.path)] : paths,
        script.createCachedData(),
      ),
    );
  }
  return module.exports.main(argv);
}

const bundleFile = join(__dirname, '../dist/bundle/main.cjs');

module.exports = { runBundle, bundleFile, cacheName };
