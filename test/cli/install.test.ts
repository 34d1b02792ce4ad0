// Installing: every dependency that runs an install script is reviewed in package.json's allowScripts
// (npm 11 lists the others after every install, which reads as if the addon was not built; npm 12 skips
// them), and `npm link` puts the command on the PATH as the Quick start does.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/sample.js';
import { tempDir } from '../helpers/tmp.js';

const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { allowScripts?: Record<string, boolean> };

/** Installed packages (scoped ones too) whose package.json runs a script at install. */
function withInstallScripts(): string[] {
  const root = join(repoRoot, 'node_modules');
  const names = readdirSync(root).flatMap((n) => (n.startsWith('@') ? readdirSync(join(root, n)).map((s) => `${n}/${s}`) : [n]));
  return names.filter((n) => {
    const file = join(root, n, 'package.json');
    if (!existsSync(file)) return false;
    const scripts = (JSON.parse(readFileSync(file, 'utf8')) as { scripts?: Record<string, string> }).scripts ?? {};
    return ['preinstall', 'install', 'postinstall'].some((s) => s in scripts);
  });
}

describe('installing', () => {
  it('every install script is reviewed in allowScripts', () => {
    const found = withInstallScripts();
    expect(found).toContain('better-sqlite3');
    expect(found.filter((n) => pkg.allowScripts?.[n] === undefined)).toEqual([]);
  });

  it('npm link puts filings on the PATH, as the Quick start does (into a prefix of its own here)', () => {
    const prefix = tempDir('filings-link-');
    const env = { ...process.env, npm_config_prefix: prefix, npm_config_audit: 'false', npm_config_fund: 'false' };
    const link = spawnSync('npm', ['link'], { cwd: repoRoot, encoding: 'utf8', env, timeout: 120_000 });
    expect(link.status, link.stderr).toBe(0);
    const r = spawnSync('filings', ['--version'], {
      encoding: 'utf8',
      env: { ...process.env, PATH: `${join(prefix, 'bin')}:${process.env.PATH}` },
      timeout: 60_000,
    });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    // The Quick start says so.
    expect(readFileSync(join(repoRoot, 'README.md'), 'utf8')).toMatch(/## Quick start[\s\S]*?```sh\n[^`]*npm link\nfilings query /);
  });
});
