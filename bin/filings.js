#!/usr/bin/env node
// Starts the CLI: from the bundle (dist/bundle, faster to load; see run-bundle.js) when it is at least
// as new as the compiled sources (dist/cli), else from those, so a stale bundle never runs.
import { statSync } from 'node:fs';
import { bundleFile, runBundle } from './run-bundle.js';

const plain = new URL('../dist/cli/main.js', import.meta.url);
const mtime = (path) => statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? -1;
const run = mtime(bundleFile) >= mtime(plain) ? runBundle(bundleFile, process.argv) : import(plain.href).then(({ main }) => main(process.argv));

run.then((code) => {
  process.exitCode = code;
});
