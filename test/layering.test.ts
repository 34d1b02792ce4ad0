// The rooms of src/ and of the engine, each list top to bottom (scripts/lib/rooms.js holds the floors,
// and draws them with their imports for docs/architecture.md): a room imports only rooms on floors below
// its own, so no two rooms import each other round a circle. Outside the engine, only its entry modules
// are imported. Every import of every file is resolved and checked: static imports, re-exports and
// dynamic imports.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  circles,
  drawRooms,
  ENGINE_ENTRIES,
  ENGINE_FLOORS,
  engineModulesUsedOutside,
  facesBypassed,
  type Graph,
  graphOf,
  importsOf,
  roomEdges,
  SRC_FLOORS,
  upwardImports,
  withRooms,
} from '../scripts/lib/rooms.js';

const SRC = resolve(__dirname, '../src');

describe('layering', () => {
  const graph = graphOf(SRC);
  const fileEdges = new Map([...graph].map(([f, ts]) => [f, new Set(ts)]));

  it('finds imports of every form, and the checks find an upward import, a circle and an internal module (so a violation cannot hide)', () => {
    const text = `import { a } from '../cli/errors.js';\nimport type { B } from "../../cli/x.js";\nexport { c } from '../cli/c.js';\nconst d = await import('../cli/d.js');\nimport '../cli/side-effect.js';\nimport x from 'commander';\n// an action that is only \`await import('./action.js')\`\n/** or import('./b.js') */`;
    expect(importsOf(text).sort()).toEqual(['../../cli/x.js', '../cli/c.js', '../cli/d.js', '../cli/errors.js', '../cli/side-effect.js']);
    const fake: Graph = new Map([
      ['engine/index/open.ts', ['engine/retrieve/scope.ts', 'engine/tables/model.ts']],
      ['engine/retrieve/scope.ts', ['engine/index/open.ts']],
      ['engine/lexicon/match.ts', ['engine/companies/link.ts']],
      ['engine/attic/old.ts', []],
      ['cli/main.ts', ['engine/index/open.ts', 'engine/corpus.ts']],
    ]);
    expect(upwardImports(fake, ENGINE_FLOORS, 'engine/')).toEqual([
      'engine/index/open.ts imports engine/retrieve/scope.ts',
      'engine/lexicon/match.ts imports engine/companies/link.ts',
      'engine/attic/old.ts: room attic stands on no floor',
    ]);
    expect(circles(roomEdges(fake, 'engine/'))).toEqual([['index', 'retrieve']]);
    expect([...engineModulesUsedOutside(fake)].filter((m) => !ENGINE_ENTRIES.includes(m))).toEqual(['index/open.ts']);
  });

  it('reads the whole of src/, and every import names a file that is there', () => {
    expect(graph.size).toBeGreaterThan(300);
    const missing = [...graph].flatMap(([file, targets]) =>
      targets.filter((t) => !existsSync(join(SRC, t))).map((t) => `${file} imports ${t}`),
    );
    expect(missing).toEqual([]);
  });

  it('every folder and root file of src/ stands on a floor, and none imports one above it or beside it', () => {
    expect(upwardImports(graph, SRC_FLOORS)).toEqual([]);
  });

  it('every folder and root file of the engine stands on a floor, and none imports one above it or beside it', () => {
    expect(upwardImports(graph, ENGINE_FLOORS, 'engine/')).toEqual([]);
  });

  it("no circle among src/'s rooms, the engine's rooms, or files", () => {
    expect(circles(roomEdges(graph))).toEqual([]);
    expect(circles(roomEdges(graph, 'engine/'))).toEqual([]);
    expect(circles(fileEdges)).toEqual([]);
  });

  it(`outside the engine, only its ${ENGINE_ENTRIES.length} entry modules are imported (at most five)`, () => {
    expect(ENGINE_ENTRIES.length).toBeLessThanOrEqual(5);
    expect([...engineModulesUsedOutside(graph)].filter((m) => !ENGINE_ENTRIES.includes(m))).toEqual([]);
  });

  it('a room with a public face (xbrl/) is imported from outside through it alone', () => {
    const fake: Graph = new Map([
      ['engine/answer/a.ts', ['engine/xbrl/store.ts', 'engine/xbrl/index.ts']],
      ['engine/xbrl/index.ts', ['engine/xbrl/store.ts']],
    ]);
    expect(facesBypassed(fake)).toEqual(['engine/answer/a.ts imports engine/xbrl/store.ts']);
    expect(facesBypassed(graph)).toEqual([]);
  });

  it('docs/architecture.md draws the rooms as they are now (npm run docs redraws them; npm run rooms prints them)', () => {
    const page = readFileSync(resolve(__dirname, '../docs/architecture.md'), 'utf8');
    expect(page).toContain('<!-- gen:rooms -->');
    expect(page).toContain(drawRooms(SRC).split('\n').slice(0, 3).join('\n'));
    expect(withRooms(page, SRC)).toBe(page);
  });
});
