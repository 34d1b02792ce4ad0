// Installing: every dependency that runs an install script is reviewed in package.json's allowScripts
// (npm 11 lists the others after every install, which reads as if the addon was not built; npm 12 skips
// them), and the command runs from the clone as the Quick start prints it (npx filings).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/sample.js';

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

  it('npx filings runs the command from the clone, as the Quick start prints it', () => {
    const r = spawnSync('npx', ['--no-install', 'filings', '--version'], { cwd: repoRoot, encoding: 'utf8', timeout: 60_000 });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });
});
