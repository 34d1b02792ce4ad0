#!/usr/bin/env node
// Starts the CLI from the compiled output. Kept tiny: everything else loads lazily from dist/.
import { main } from '../dist/cli/main.js';

main(process.argv).then((code) => {
  process.exitCode = code;
});
