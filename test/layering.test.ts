// The rooms of src/ and of the engine, each list top to bottom (docs/architecture.md draws them): a
// room imports only rooms on floors below its own, so no two rooms import each other round a circle.
// Outside the engine, only its entry modules are imported. Every import of every file is resolved and
// checked: static imports, re-exports and dynamic imports.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(__dirname, '../src');

/** src/'s folders and root files, top floor first. */
const SRC_FLOORS: readonly (readonly string[])[] = [
  ['cli'],
  ['mcp'],
  ['edgar', 'server'],
  ['engine', 'client'],
  ['backend.ts', 'retry.ts'],
  ['backend-errors.ts', 'package-root.ts', 'request-id.ts'],
  ['contract'],
];

/** The engine's entry modules: all that anything of src/ outside the engine may import. */
const ENGINE_ENTRIES: readonly string[] = [
  'engine-backend.ts',
  'index-location.ts',
  'corpus.ts',
  'corpus-ingest.ts',
  'answer-marks.ts',
  'measures.ts',
];

/** The engine's folders and root files, top floor first, the entries on the top one. A request reads
 * down: the backend, the engine, answer, question, retrieve, ..., index; an ingest: ingest, index, html,
 * segment, the filing model. */
const ENGINE_FLOORS: readonly (readonly string[])[] = [
  ENGINE_ENTRIES,
  ['engine.ts', 'known-tickers.ts', 'figure-spec-issues.ts', 'metadata-values.ts', 'ingest'],
  ['engine-figures.ts', 'engine-notices.ts'],
  ['answer'],
  ['question', 'evidence'],
  ['retrieve', 'facts'],
  ['companies', 'lexicon'],
  ['index'],
  ['html'],
  ['segment'],
  ['filing'],
  ['tables', 'text', 'limits.ts', 'pace.ts'],
];

/** A file and the files its relative specifiers resolve to (paths relative to the folder read). */
type Graph = Map<string, string[]>;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p) : p.endsWith('.ts') ? [p] : [];
  });
}

/** Relative module specifiers of a source text: static imports, re-exports and dynamic imports (not
 * those a comment names). */
function importsOf(source: string): string[] {
  const text = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');
  const found = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm)].map((m) => m[1]!);
  return [...new Set(found)];
}

/** Every .ts file under `root` and what it imports (a .js specifier names the .ts beside it). */
function graphOf(root: string): Graph {
  return new Map(
    filesUnder(root).map((file) => [
      relative(root, file),
      importsOf(readFileSync(file, 'utf8')).map((spec) => relative(root, resolve(dirname(file), spec.replace(/\.js$/, '.ts')))),
    ]),
  );
}

/** The room of a path: its first part under `prefix` (a folder, or a root file). */
function roomOf(path: string, prefix = ''): string | undefined {
  if (!path.startsWith(prefix)) return undefined;
  return path.slice(prefix.length).split(/[\\/]/)[0];
}

/** Imports from one room into another on its own floor or one above; and rooms no floor names. */
function upwardImports(graph: Graph, floors: readonly (readonly string[])[], prefix = ''): string[] {
  const floorOf = new Map(floors.flatMap((rooms, i) => rooms.map((r) => [r, i] as const)));
  const found: string[] = [];
  for (const [file, targets] of graph) {
    const from = roomOf(file, prefix);
    if (from === undefined) continue;
    if (!floorOf.has(from)) found.push(`${file}: room ${from} stands on no floor`);
    for (const target of targets) {
      const to = roomOf(target, prefix);
      if (to === undefined || to === from || !floorOf.has(from) || !floorOf.has(to)) continue;
      if (floorOf.get(to)! <= floorOf.get(from)!) found.push(`${file} imports ${target}`);
    }
  }
  return found;
}

/** The circles of a graph of rooms (each as its rooms in order), by depth-first search. */
function circles(edges: Map<string, Set<string>>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (n: string) => {
    state.set(n, 'open');
    path.push(n);
    for (const m of edges.get(n) ?? []) {
      if (state.get(m) === 'open') found.push(path.slice(path.indexOf(m)));
      else if (!state.has(m)) visit(m);
    }
    path.pop();
    state.set(n, 'done');
  };
  for (const n of [...edges.keys()].sort()) if (!state.has(n)) visit(n);
  return found;
}

/** The graph of the rooms under `prefix`: an edge where a file of one imports a file of another. */
function roomEdges(graph: Graph, prefix = ''): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    const from = roomOf(file, prefix);
    if (from === undefined) continue;
    for (const target of targets) {
      const to = roomOf(target, prefix);
      if (to !== undefined && to !== from) (edges.get(from) ?? edges.set(from, new Set()).get(from)!).add(to);
    }
  }
  return edges;
}

/** Engine modules imported from outside the engine. */
function engineModulesUsedOutside(graph: Graph): Set<string> {
  const used = new Set<string>();
  for (const [file, targets] of graph) {
    if (file.startsWith('engine/')) continue;
    for (const t of targets) if (t.startsWith('engine/')) used.add(t.slice('engine/'.length));
  }
  return used;
}

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

  // (The sixth, measures.ts, is the lexicon's list the command line checks `filings figures` against,
  // whichever backend answers: data alone, with nothing of the engine behind it.)
  it(`outside the engine, only its ${ENGINE_ENTRIES.length} entry modules are imported (at most six)`, () => {
    expect(ENGINE_ENTRIES.length).toBeLessThanOrEqual(6);
    expect([...engineModulesUsedOutside(graph)].filter((m) => !ENGINE_ENTRIES.includes(m))).toEqual([]);
  });
});
