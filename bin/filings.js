#!/usr/bin/env node
// Starts the CLI: from the bundle (dist/bundle, faster to load; see run-bundle.js; a query to a service
// from the one without the engine) when it is at least as new as the compiled sources (dist/cli), else
// from those, so a stale bundle never runs. CommonJS
// (bin/package.json): an ES module entry would load Node's ES module loader on every start.
'use strict';
const { statSync } = require('node:fs');
const { join } = require('node:path');
const { pathToFileURL } = require('node:url');
const { queriesService } = require('./bundle-choice.js');
const { bundleFile, clientBundleFile, runBundle } = require('./run-bundle.js');

const plain = join(__dirname, '../dist/cli/main.js');
const mtime = (path) => statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? -1;
// A query to a service starts from the bundle without the engine (bundle-choice.js).
const bundle = queriesService(process.argv, process.env) && mtime(clientBundleFile) >= mtime(plain) ? clientBundleFile : bundleFile;
const run =
  mtime(bundle) >= mtime(plain)
    ? runBundle(bundle, process.argv)
    : import(pathToFileURL(plain).href).then(({ main }) => main(process.argv));

run.then((code) => {
  process.exitCode = code;
});
