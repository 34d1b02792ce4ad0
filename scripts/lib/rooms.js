// The rooms of src/ and of the engine, their floors and their imports: the floors are the rule
// test/layering.test.ts holds, the imports are read from the sources, and drawRooms() draws both
// (`npm run rooms`; `npm run docs` writes it into docs/architecture.md). Plain JS, so the test and the
// script read one copy.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** src/'s folders and root files, top floor first. */
export const SRC_FLOORS = [
  ['cli'],
  ['mcp'],
  ['edgar', 'server'],
  ['engine', 'client'],
  ['backend.ts', 'retry.ts'],
  ['backend-errors.ts', 'package-root.ts', 'request-id.ts'],
  ['contract'],
];

/** The engine's entry modules: all that anything of src/ outside the engine may import. */
export const ENGINE_ENTRIES = ['engine-backend.ts', 'index-location.ts', 'corpus.ts', 'corpus-ingest.ts', 'terms.ts'];

/** The engine's folders and root files, top floor first, the entries on the top one. A request reads
 * down: the backend, the engine, answer, question, retrieve, ..., index; an ingest: ingest, index, html,
 * segment, the filing model. */
export const ENGINE_FLOORS = [
  ENGINE_ENTRIES,
  ['engine.ts', 'known-tickers.ts', 'figure-spec-issues.ts', 'metadata-values.ts', 'ingest'],
  ['engine-figures.ts', 'engine-notices.ts'],
  ['answer'],
  ['question', 'evidence'],
  ['retrieve', 'xbrl'],
  ['companies', 'lexicon', 'operations'],
  ['index'],
  ['html'],
  ['segment'],
  ['filing'],
  ['tables', 'text', 'limits.ts', 'pace.ts'],
];

export function filesUnder(dir) {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const p = join(dir, name);
      return statSync(p).isDirectory() ? filesUnder(p) : p.endsWith('.ts') ? [p] : [];
    });
}

/** Relative module specifiers of a source text: static imports, re-exports and dynamic imports (not
 * those a comment names). */
export function importsOf(source) {
  const text = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');
  const found = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm)].map((m) => m[1]);
  return [...new Set(found)];
}

/** Every .ts file under `root` and what it imports (a .js specifier names the .ts beside it), paths
 * relative to `root`. */
export function graphOf(root) {
  return new Map(
    filesUnder(root).map((file) => [
      relative(root, file),
      importsOf(readFileSync(file, 'utf8')).map((spec) => relative(root, resolve(dirname(file), spec.replace(/\.js$/, '.ts')))),
    ]),
  );
}

/** The room of a path: its first part under `prefix` (a folder, or a root file). */
export function roomOf(path, prefix = '') {
  if (!path.startsWith(prefix)) return undefined;
  return path.slice(prefix.length).split(/[\\/]/)[0];
}

/** Imports from one room into another on its own floor or one above; and rooms no floor names. */
export function upwardImports(graph, floors, prefix = '') {
  const floorOf = new Map(floors.flatMap((rooms, i) => rooms.map((r) => [r, i])));
  const found = [];
  for (const [file, targets] of graph) {
    const from = roomOf(file, prefix);
    if (from === undefined) continue;
    if (!floorOf.has(from)) found.push(`${file}: room ${from} stands on no floor`);
    for (const target of targets) {
      const to = roomOf(target, prefix);
      if (to === undefined || to === from || !floorOf.has(from) || !floorOf.has(to)) continue;
      if (floorOf.get(to) <= floorOf.get(from)) found.push(`${file} imports ${target}`);
    }
  }
  return found;
}

/** The circles of a graph of rooms (each as its rooms in order), by depth-first search. */
export function circles(edges) {
  const found = [];
  const state = new Map();
  const path = [];
  const visit = (n) => {
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
export function roomEdges(graph, prefix = '') {
  const edges = new Map();
  for (const [file, targets] of graph) {
    const from = roomOf(file, prefix);
    if (from === undefined) continue;
    if (!edges.has(from)) edges.set(from, new Set());
    for (const target of targets) {
      const to = roomOf(target, prefix);
      if (to !== undefined && to !== from) edges.get(from).add(to);
    }
  }
  return edges;
}

/** Rooms with a public face: code outside the room imports that module of it only. */
export const ROOM_FACES = { 'engine/xbrl': 'index.ts' };

/** Imports from outside a room with a face of one of its modules other than the face. */
export function facesBypassed(graph) {
  const found = [];
  for (const [file, targets] of graph)
    for (const [room, face] of Object.entries(ROOM_FACES)) {
      if (file.startsWith(`${room}/`)) continue;
      for (const t of targets) if (t.startsWith(`${room}/`) && t !== `${room}/${face}`) found.push(`${file} imports ${t}`);
    }
  return found;
}

/** Engine modules imported from outside the engine. */
export function engineModulesUsedOutside(graph) {
  const used = new Set();
  for (const [file, targets] of graph) {
    if (file.startsWith('engine/')) continue;
    for (const t of targets) if (t.startsWith('engine/')) used.add(t.slice('engine/'.length));
  }
  return used;
}

/** One tree's rooms, floor by floor from the top, each with the rooms it imports (in floor order). */
function drawTree(title, graph, floors, prefix) {
  const edges = roomEdges(graph, prefix);
  const order = floors.flat();
  const rank = (r) => (order.includes(r) ? order.indexOf(r) : order.length);
  const name = (r) => (r.endsWith('.ts') ? r : `${r}/`);
  const width = Math.max(...order.map((r) => name(r).length));
  const lines = [title];
  floors.forEach((rooms, i) => {
    lines.push(`floor ${floors.length - i}`);
    for (const r of rooms) {
      const below = [...(edges.get(r) ?? [])].sort((a, b) => rank(a) - rank(b)).map(name);
      lines.push(`  ${name(r).padEnd(width)}  ${below.length ? `→ ${below.join(' ')}` : ''}`.trimEnd());
    }
  });
  return lines.join('\n');
}

/** The picture of the house: src/'s rooms, then the engine's, each with what it imports. */
export function drawRooms(src) {
  const graph = graphOf(src);
  return [
    drawTree('src/ (top floor first; → the rooms a room imports)', graph, SRC_FLOORS, ''),
    '',
    drawTree('src/engine/ (the entries on the top floor)', graph, ENGINE_FLOORS, 'engine/'),
  ].join('\n');
}

/** A page with its `<!-- gen:rooms -->` block drawn again. */
export function withRooms(text, src) {
  return text.replace(
    /(<!-- gen:rooms -->)[\s\S]*?(<!-- \/gen:rooms -->)/,
    (_, open, close) => `${open}\n\`\`\`\n${drawRooms(src)}\n\`\`\`\n${close}`,
  );
}
