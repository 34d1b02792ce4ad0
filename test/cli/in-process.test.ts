// The in-process runner (test/helpers/run-in-process.ts) stands for the real CLI in the command tests:
// here both run the same invocations, and their exit codes, stdout and stderr must be the same.
import { describe, expect, it } from 'vitest';
import { localEnv } from '../e2e/helpers.js';
import { runInProcess } from '../helpers/run-in-process.js';
import { runCli } from './run-cli.js';

const CASES: { what: string; args: string[] }[] = [
  { what: 'an answer as JSON', args: ['query', '--json', '-n', '2', "What was 3M's capital expenditure in FY2018?"] },
  { what: 'figures as CSV, one not stated (exit 10)', args: ['figures', 'MMM', '-m', 'capex', '--years', '2018-2019', '--csv'] },
  { what: 'a usage error from Commander', args: ['query', '--mode', 'deep', 'q'] },
  { what: 'a usage error of ours under --json', args: ['query', '--json', '--min-score', '2', 'q'] },
  { what: "a command's help", args: ['figures', '--help'] },
  { what: 'the filters as TSV', args: ['filters', '--tsv'] },
];

describe('in process and as a process, the same', () => {
  const env = localEnv({ COLUMNS: '100' });
  for (const c of CASES) {
    it(c.what, async () => {
      const [inside, outside] = await Promise.all([runInProcess(c.args, { env }), runCli(c.args, { env })]);
      expect(outside.stderr.length + outside.stdout.length).toBeGreaterThan(0);
      // (Each response has a request id of its own.)
      const same = (r: typeof inside) => ({ code: r.code, stdout: r.stdout.replace(/"req_\w+"/g, '"req"'), stderr: r.stderr });
      expect(same(inside)).toEqual(same(outside));
    });
  }
});
