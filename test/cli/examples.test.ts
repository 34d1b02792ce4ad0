// Every example in --help and in the README's shell blocks is safe to paste. Each runs in restricted
// bash (rbash) in an empty directory, with no command on PATH and a handler that accepts any command,
// so nothing runs and nothing is written: bash refuses every output redirection and names its target,
// names the missing file of an input redirection, and (failglob) names an unquoted glob pattern. An
// example may only redirect where it means to (/dev/null, a file in the home directory, ...); a
// `filed>=2023-01-01` typed as shown would redirect to "=2023-01-01" and fails here.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { walkDefs } from '../../src/cli/command.js';
import { COMMANDS } from '../../src/cli/program.js';
import { PAGES } from '../helpers/docs.js';
import { runCli } from './run-cli.js';
import { tempDir } from '../helpers/tmp.js';

const HOME = '/nonexistent-home';
/** Where examples mean to write: the bit bucket, the home directory, named files. */
const INTENDED = [/^\/dev\/null$/, new RegExp(`^${HOME}/`), /^context\.txt$/, /^\/_filings$/];

/** The commands of the ```sh blocks of the README and docs/, continuation lines joined, comment lines
 * dropped, each with its page. */
function pageExamples(): [string, string][] {
  return PAGES.flatMap((page) =>
    examplesOf(readFileSync(resolve(__dirname, '../..', page), 'utf8')).map((line): [string, string] => [page, line]),
  );
}

function examplesOf(text: string): string[] {
  return [...text.matchAll(/```sh\n([\s\S]*?)```/g)]
    .flatMap((m) => m[1]!.replace(/\\\n\s*/g, ' ').split('\n'))
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
}

const helpExamples = (): string[] => walkDefs(COMMANDS).flatMap(({ def }) => def.examples ?? []);

/** The empty directory the examples run in (rbash writes nothing there). */
let cwd: string | undefined;
const pasteDir = () => (cwd ??= tempDir('filings-paste-'));

/** What bash refused or could not do with the example: redirection targets and glob patterns. */
function pasted(line: string): { problems: string[]; stderr: string } {
  const r = spawnSync('/bin/bash', ['-r', '-c', `shopt -s failglob; command_not_found_handle() { return 0; }\n${line}`], {
    cwd: pasteDir(),
    env: { PATH: '/nonexistent', HOME },
    encoding: 'utf8',
  });
  const problems = r.stderr.split('\n').flatMap((l) => {
    const redirect = /: line \d+: (.+?): (?:restricted: cannot redirect output|No such file or directory)$/.exec(l);
    if (redirect) return INTENDED.some((re) => re.test(redirect[1]!)) ? [] : [`redirects to ${redirect[1]}`];
    const glob = /no match: (.+)$/.exec(l);
    return glob ? [`unquoted glob ${glob[1]}`] : [];
  });
  return { problems, stderr: r.stderr };
}

describe('examples are safe to paste', () => {
  it('the check catches an unquoted operator and an unquoted glob (it can fail)', () => {
    expect(pasted('filings query -f filed>=2023-01-01 "supply chain risks"').problems).toEqual(['redirects to =2023-01-01']);
    expect(pasted('filings query -f filed<=2023-12-31 q').problems).toEqual(['redirects to =2023-12-31']);
    expect(pasted('filings corpus list [--json]').problems).toEqual(['unquoted glob [--json]']);
    expect(pasted(`filings query -f 'filed>=2023-01-01' q > /dev/null`).problems).toEqual([]);
  });

  it.each(helpExamples())('--help: %s', (line) => {
    expect(pasted(line).problems).toEqual([]);
  });

  it('finds the examples of the README and of every page of docs/', () => {
    const pages = new Set(pageExamples().map(([page]) => page));
    for (const page of ['README.md', 'docs/commands.md', 'docs/queries.md', 'docs/local-index.md'])
      expect(pages.has(page), page).toBe(true);
  });

  it.each(pageExamples())('%s: %s', (_page, line) => {
    expect(pasted(line).problems).toEqual([]);
  });

  it('--help prints the examples of the definitions', async () => {
    const r = await runCli(['query', '--help']);
    expect(r.stdout).toContain(`$ filings query -f sector="Information Technology" -f 'filed>=2023-01-01' "supply chain risks"`);
  });
});
