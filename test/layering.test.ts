// The layers import downwards only: the contract imports nothing of the project; the engine and the
// server know nothing of the command line (nor the engine of the server); the client nothing of the
// engine, the server or the command line. Every import of every file is resolved and checked.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(__dirname, '../src');

/** Layers a layer must not import (by folder under src/). */
const FORBIDDEN: Record<string, string[]> = {
  contract: ['cli', 'client', 'engine', 'server', 'mcp', 'backend.ts', 'backend-errors.ts', 'package-root.ts'],
  engine: ['cli', 'server', 'client', 'mcp'],
  server: ['cli', 'client', 'mcp'],
  client: ['cli', 'engine', 'server', 'mcp'],
};

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p) : p.endsWith('.ts') ? [p] : [];
  });
}

/** Relative module specifiers of a source text: static imports, re-exports and dynamic imports. */
export function importsOf(text: string): string[] {
  const found = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm)].map((m) => m[1]!);
  return [...new Set(found)];
}

/** The first folder (or file) under src/ a specifier of `file` resolves to. */
function layerOf(file: string, spec: string): string {
  return relative(SRC, resolve(dirname(file), spec.replace(/\.js$/, '.ts'))).split(/[\\/]/)[0]!;
}

function violations(layer: string): string[] {
  return filesUnder(join(SRC, layer)).flatMap((file) =>
    importsOf(readFileSync(file, 'utf8'))
      .filter((spec) => FORBIDDEN[layer]!.includes(layerOf(file, spec)))
      .map((spec) => `${relative(SRC, file)} imports ${spec}`),
  );
}

describe('layering', () => {
  it('finds imports of every form (so a violation cannot hide from the check)', () => {
    const text = `import { a } from '../cli/errors.js';\nimport type { B } from "../../cli/x.js";\nexport { c } from '../cli/c.js';\nconst d = await import('../cli/d.js');\nimport '../cli/side-effect.js';\nimport x from 'commander';`;
    expect(importsOf(text).sort()).toEqual(['../../cli/x.js', '../cli/c.js', '../cli/d.js', '../cli/errors.js', '../cli/side-effect.js']);
    expect(layerOf(join(SRC, 'server/serve.ts'), '../cli/errors.js')).toBe('cli');
  });

  it.each(Object.keys(FORBIDDEN))('src/%s imports none of the layers above it', (layer) => {
    expect(violations(layer)).toEqual([]);
  });
});
