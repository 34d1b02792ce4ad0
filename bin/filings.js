#!/usr/bin/env node
// Starts the CLI: from the bundle (dist/bundle, faster to load) when it is at least as new as the
// compiled sources (dist/cli), else from those, so a stale bundle never runs.
import { statSync } from 'node:fs';

const bundle = new URL('../dist/bundle/main.js', import.meta.url);
const plain = new URL('../dist/cli/main.js', import.meta.url);
const mtime = (url) => statSync(url, { throwIfNoEntry: false })?.mtimeMs ?? -1;
const { main } = await import(mtime(bundle) >= mtime(plain) ? bundle.href : plain.href);

main(process.argv).then((code) => {
  process.exitCode = code;
});
