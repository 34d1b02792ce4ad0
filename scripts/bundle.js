// Bundles the CLI (dist/cli/main.js and everything it loads) into one CommonJS file, dist/bundle/main.cjs,
// with esbuild. One file rather than ~150 modules takes about 90 ms off every cold start, and a CommonJS
// script (unlike an ES module on Node 20) can be compiled from V8's code cache: bin/run-bundle.js keeps
// one per command, which takes off the compilation of what the command runs (about 45 ms more).
// Lazy imports stay lazy: esbuild defers each imported module's top level until the import runs.
// better-sqlite3's JavaScript is in it too (its own ten files took about 8 ms to load); its native addon
// is loaded from where it was built (engine/index/sqlite.ts). The server's worker threads run the plain dist/.
import { build } from 'esbuild';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const outdir = new URL('../dist/bundle', import.meta.url).pathname;
// Commander loads node:child_process on start (for executable subcommands, which we have none of), and
// with it Node's net, dgram and child modules: about 4 ms of every start. It gets one that loads on use.
const lazyChildProcess = {
  name: 'lazy-child-process',
  setup(b) {
    b.onResolve({ filter: /^(node:)?child_process$/ }, (args) =>
      /[\\/]commander[\\/]/.test(args.importer) ? { path: 'child_process', namespace: 'lazy-child-process' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'lazy-child-process' }, () => ({
      contents: "let m; module.exports = new Proxy({}, { get: (_, k) => (m ??= require('node:child_process'))[k] });",
      loader: 'js',
    }));
  },
};
// The CLI decides colour itself (src/cli/render/color.ts) and gives chalk its level: chalk's own
// detection (supports-color, which loads node:tty on every start) is left out, for the stand-in chalk
// ships, which detects nothing.
const noColorDetection = {
  name: 'no-color-detection',
  setup(b) {
    b.onResolve({ filter: /^#supports-color$/ }, (args) =>
      /[\\/]chalk[\\/]/.test(args.importer) ? { path: join(dirname(args.importer), 'vendor', 'supports-color', 'browser.js') } : undefined,
    );
  },
};

// Libraries only some commands load, each bundled into a file of its own under dist/bundle/vendor/ and
// required from there when first imported: a start reads and decodes every byte of main.cjs (2.2 MB
// with them, 1.1 MB without), and a local query never runs them. Each is a leaf (it imports nothing of
// ours), so no state is split between two copies. A chunk exports its packages by specifier.
const VENDOR = {
  // the HTTP client of a service, EDGAR and a model
  undici: ['undici'],
  // the MCP SDK's JSON Schema validator
  ajv: ['ajv', 'ajv-formats'],
  // reading EDGAR's HTML (ingest)
  html: ['htmlparser2'],
  // the spinner on a terminal, and tables
  terminal: ['ora', 'cli-table3'],
};
const vendorOf = new Map(Object.entries(VENDOR).flatMap(([chunk, specs]) => specs.map((s) => [s, chunk])));
const vendorChunks = {
  name: 'vendor-chunks',
  setup(b) {
    b.onResolve({ filter: /^[@a-z]/ }, (args) =>
      vendorOf.has(args.path) && args.namespace !== 'vendor' ? { path: args.path, namespace: 'vendor' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'vendor' }, (args) => ({
      // An ES module's namespace (ora's; a CommonJS module such as ajv's is handed over as it is) is
      // handed over as Node hands an importer a CommonJS module: its default export, the named ones on
      // it, so that `import ora from 'ora'` gets the function.
      contents: `const m = require('filings-vendor:${vendorOf.get(args.path)}')[${JSON.stringify(args.path)}];
module.exports = typeof m === 'object' && m !== null && m.__esModule && typeof m.default === 'function' ? Object.assign(m.default, m) : m;`,
      loader: 'js',
    }));
    b.onResolve({ filter: /^filings-vendor:/ }, (args) => ({ path: `./vendor/${args.path.slice(15)}.cjs`, external: true }));
  },
};

// The CLI without the engine, for a query to a service (bin/bundle-choice.js picks it): the engine's
// entries that open an index, and the lexicon of measures `figures` reads through terms.js, are a
// stand-in that says it is missing, which nothing of that run reaches.
const ENGINE_ENTRIES = /[\\/]engine[\\/](?:engine-backend|corpus|corpus-ingest|lexicon[\\/]measures)\.js$/;
const noEngine = {
  name: 'no-engine',
  setup(b) {
    b.onResolve({ filter: /(?:engine|lexicon)[\\/](?:engine-backend|corpus|corpus-ingest|measures)\.js$/ }, (args) =>
      ENGINE_ENTRIES.test(join(args.resolveDir, args.path)) ? { path: args.path, namespace: 'no-engine' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'no-engine' }, (args) => ({
      contents: `module.exports = new Proxy({}, { get(_, k) { if (typeof k === 'string' && k !== '__esModule' && k !== 'then') throw new Error('the client bundle holds no engine (${args.path}: ' + k + ')'); } });`,
      loader: 'js',
    }));
  },
};

// Tables the sources would otherwise make on every start, made once here by the same code (dist/) and
// carried as JSON text: the lexicon's phrases as stems (lexicon/match.ts).
const { lexiconPhrases } = await import('../dist/engine/lexicon/match.js');
rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: [new URL('../dist/cli/main.js', import.meta.url).pathname],
  outfile: `${outdir}/main.cjs`,
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  // The sources find the package root from import.meta.url (src/package-root.ts): the bundle's own URL.
  define: { 'import.meta.url': '__bundleUrl', __LEXICON_PHRASES__: JSON.stringify(JSON.stringify(lexiconPhrases())) },
  banner: { js: "const __bundleUrl = require('node:url').pathToFileURL(__filename).href;" },
  // Smaller to read and hash on every start; names are kept, so profiles and traces stay legible.
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
  plugins: [lazyChildProcess, vendorChunks, noColorDetection],
});
await build({
  entryPoints: [new URL('../dist/cli/main.js', import.meta.url).pathname],
  outfile: `${outdir}/client.cjs`,
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  // The sources find the package root from import.meta.url (src/package-root.ts): the bundle's own URL.
  define: { 'import.meta.url': '__bundleUrl', __LEXICON_PHRASES__: JSON.stringify(JSON.stringify(lexiconPhrases())) },
  banner: { js: "const __bundleUrl = require('node:url').pathToFileURL(__filename).href;" },
  // Smaller to read and hash on every start; names are kept, so profiles and traces stay legible.
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
  plugins: [noEngine, lazyChildProcess, vendorChunks, noColorDetection],
});
for (const [chunk, specs] of Object.entries(VENDOR)) {
  await build({
    stdin: {
      contents: `module.exports = {${specs.map((s) => `${JSON.stringify(s)}: require(${JSON.stringify(s)})`).join(', ')}};`,
      resolveDir: new URL('..', import.meta.url).pathname,
      loader: 'js',
    },
    outfile: `${outdir}/vendor/${chunk}.cjs`,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    minifyWhitespace: true,
    minifySyntax: true,
    logLevel: 'warning',
  });
}
// Pure ASCII, so that V8 holds the source in one byte a character (one non-ASCII character, a '’' in a
// regex literal that esbuild leaves as it is, makes the whole 2 MB string two bytes a character, slower to
// read and larger to keep) and bin/run-bundle.js may read it as Latin-1: the rest escaped, which means
// the same in strings, templates and regexes (a comment's, such as a licence's, too).
// bin/run-bundle.js compiles each file without a dynamic import callback (asking for one loads Node's
// ES module loader on every start): an import() left in one would fail at run time.
for (const path of [`${outdir}/main.cjs`, `${outdir}/client.cjs`, ...Object.keys(VENDOR).map((c) => `${outdir}/vendor/${c}.cjs`)]) {
  const text = readFileSync(path, 'utf8');
  if (/\\[^\x00-\x7f]/.test(text)) {
    console.error(`bundle: a non-ASCII character after a backslash in ${path}; escaping it would change its meaning`);
    process.exit(1);
  }
  writeFileSync(
    path,
    text.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
  );
  if (/\bimport\(/.test(text)) {
    console.error(`bundle: ${path} has a dynamic import(); bin/run-bundle.js cannot run it`);
    process.exit(1);
  }
}
