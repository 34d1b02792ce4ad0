// From ranked statements to evidence chains: a table row with its table (caption, columns, unit and
// the rows around it), or a statement with the sentences around it. The same claim in several filings
// or sections becomes one entry citing all of them (consensus), which also removes near-duplicates.
import type { IndexHandle } from '../index/open.js';
import type { IndexedTable, StatementRow } from '../index/types.js';
import type { Hit } from '../retrieve/search.js';
import { jaccard, words } from '../text/words.js';
import { columnsAndUnit, formatModelRow } from './rows.js';
import { classify, confidence } from './statuses.js';
import { SourceRegistry, type SourceKey } from './sources.js';
import { EVIDENCE_TUNING as T } from './tuning.js';
import type { EntrySource, EvidenceChain, EvidenceEntry } from './types.js';

export interface ChainOptions {
  maxChains: number;
  /** Characters of statement text one chain may hold (the scorer and prompts both like it compact). */
  chainBudget: number;
  /** Names of what the question asks, to label facets. */
  facetWords: string[];
  /** A chain's score is its best statement's plus this share of the next four (weights.ts). */
  chainTail: number;
}

interface Unit {
  kind: 'table' | 'passage';
  key: string;
  hits: Hit[];
  lo: number;
  hi: number;
  sectionId: number;
  score: number;
}

type DraftSource = Omit<EntrySource, 'source'> & { key: SourceKey };
type DraftEntry = Omit<EvidenceEntry, 'sources'> & { sources: DraftSource[]; signature: Set<string> };
type DraftChain = Omit<EvidenceChain, 'entries'> & { entries: DraftEntry[]; rows: Set<string>; coverage: number };

const norm = (s: string) => new Set(words(s).filter((w) => w.length > 2));

function groupUnits(all: Hit[], chainTail: number): Unit[] {
  const units = new Map<string, Unit>();
  const passages: Unit[] = [];
  // A statement found twice (by the question's words and by a sub-query) counts once, at its best.
  const best = new Map<number, Hit>();
  for (const h of all) if ((best.get(h.row.id)?.score ?? -Infinity) < h.score) best.set(h.row.id, h);
  const hits = [...best.values()];
  for (const h of hits) {
    const r = h.row;
    if (r.table_id !== null) {
      const key = `t${r.table_id}`;
      const u = units.get(key) ?? { kind: 'table' as const, key, hits: [], lo: r.id, hi: r.id, sectionId: r.section_id, score: 0 };
      u.hits.push(h);
      units.set(key, u);
      continue;
    }
    const lo = r.id - (r.kind === 'heading' ? 0 : T.passage.before);
    const hi = r.id + (r.kind === 'heading' ? T.passage.headingAfter : T.passage.after);
    const near = passages.find((p) => p.sectionId === r.section_id && lo <= p.hi && hi >= p.lo);
    if (near && near.hits.length < T.passage.maxHits) {
      near.hits.push(h);
      near.lo = Math.min(near.lo, lo);
      near.hi = Math.max(near.hi, hi);
    } else {
      const u: Unit = { kind: 'passage', key: `p${r.id}`, hits: [h], lo, hi, sectionId: r.section_id, score: 0 };
      passages.push(u);
      units.set(u.key, u);
    }
  }
  for (const u of units.values()) {
    const s = u.hits.map((h) => h.score).sort((a, b) => b - a);
    u.score = s[0]! + chainTail * s.slice(1, 5).reduce((a, b) => a + b, 0);
  }
  return [...units.values()].sort((a, b) => b.score - a.score);
}

/** A heading, or a sentence such as "The following table presents...", introduces what follows it:
 * when a table starts within the next statements of the same section (T.introducedTableWithin), the hit stands for that
 * table ("GEOGRAPHIC OPERATIONS" and its regions table). */
const INTRODUCES_TABLE = /\b(?:the following table|the table below|(?:is|are) (?:as follows|shown below|presented below))\b|:\s*$/i;

function headingsToTables(index: IndexHandle, hits: Hit[]): Hit[] {
  return hits.map((h) => {
    if (h.row.kind !== 'heading' && !(h.row.kind === 'sentence' && INTRODUCES_TABLE.test(h.row.text))) return h;
    // Within the next statements of its section, past a sentence or two ("The following table...").
    const next = index
      .statementRange(h.row.id + 1, h.row.id + T.introducedTableWithin)
      .find((s) => s.section_id === h.row.section_id && s.table_id !== null && s.kind === 'row');
    return next ? { ...h, row: next } : h;
  });
}

export function buildChains(index: IndexHandle, hits: Hit[], opts: ChainOptions): EvidenceChain[] {
  const units = groupUnits(headingsToTables(index, hits), opts.chainTail).slice(0, opts.maxChains * T.unitsPerChain);
  const drafts: DraftChain[] = [];
  for (const u of units) {
    const d = u.kind === 'table' ? tableChain(index, u, opts) : passageChain(index, u, opts);
    if (!d) continue;
    if (mergeInto(drafts, d)) continue;
    drafts.push(d);
    if (drafts.length >= opts.maxChains) break;
  }
  const top = Math.max(...drafts.map((d) => d.score), 1e-9);
  return assignSources(
    index,
    drafts.map((d) => ({
      ...d,
      relevance: Math.max(0, Math.min(10, Math.round(10 * (T.relevance.score * (d.score / top) + T.relevance.coverage * d.coverage)))),
    })),
  );
}

function sourceKey(index: IndexHandle, row: StatementRow, itemTag: string): SourceKey {
  const section = index.section(row.section_id);
  return { filingId: row.filing_id, itemTag, title: section?.title ?? itemTag };
}

function facetOf(text: string, opts: ChainOptions): string {
  const have = new Set(words(text));
  const named = opts.facetWords.filter((w) => words(w).every((x) => have.has(x)));
  if (named.length > 0) return named.slice(0, T.facet.words).join(', ');
  // The text's opening words, cut between words (and marked) rather than mid-word: readers lay the
  // facet out in their own width.
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= T.facet.chars) return flat;
  const cut = flat.slice(0, T.facet.chars + 1).replace(/\s+\S*$/, '');
  return `${cut.length > 0 && cut.length <= T.facet.chars ? cut : flat.slice(0, T.facet.chars)}…`;
}

function tableChain(index: IndexHandle, u: Unit, opts: ChainOptions): DraftChain | undefined {
  const t = index.table(Number(u.key.slice(1)));
  if (!t) return undefined;
  const { model, rowIds } = t;
  const hitIdx = new Set(u.hits.map((h) => rowIds.indexOf(h.row.id)).filter((i) => i >= 0));
  const formatted = model.rows.map((r) => formatModelRow(r, model.columns));
  const caption = model.caption;
  // Rows nearest the hits first, until the budget is spent; then back in table order.
  const hitPos = [...hitIdx];
  const dist = (i: number) => Math.min(...hitPos.map((p) => Math.abs(p - i)), 1e9);
  let used = caption.length + T.table.frame;
  const keep = new Set<number>();
  for (const i of model.rows.map((_, i) => i).sort((a, b) => dist(a) - dist(b))) {
    const len = formatted[i]!.length + 1;
    if (used + len > opts.chainBudget && !hitIdx.has(i)) continue;
    keep.add(i);
    used += len;
  }
  // The claims of a table chain are data rows: hit rows first; when only the caption matched, the
  // table's first row with values.
  let claims = [...hitIdx].filter((i) => model.rows[i]!.cells.length > 0).sort((a, b) => a - b);
  if (claims.length === 0) {
    const first = model.rows.findIndex((r) => r.cells.some((c) => c?.value !== null && c !== null));
    claims = first >= 0 ? [first] : [];
  }
  claims = claims.slice(0, T.table.claims);
  if (claims.length === 0) return undefined;
  const others = [...keep]
    .sort((a, b) => a - b)
    .filter((i) => !claims.includes(i))
    .map((i) => formatted[i]!);
  const itemTag = u.hits[0]!.itemTag;
  const firstRow = index.statement(rowIds[claims[0]!]!);
  if (!firstRow) return undefined;
  const key = sourceKey(index, firstRow, itemTag);
  const columnsLine = columnsAndUnit(model.columns, model.unit);
  const coverage = Math.max(...u.hits.map((h) => h.coverage));
  const entries: DraftEntry[] = claims.map((ri, i) => {
    const row = model.rows[ri]!;
    const statuses = classify(`${row.label} ${row.cells.map((c) => c?.text ?? '').join(' ')}`, 'row', itemTag);
    const context = i === 0 ? [caption, columnsLine, ...(others.length ? [others.join('\n')] : [])].filter(Boolean) : [];
    const cov = u.hits.find((h) => h.row.id === rowIds[ri])?.coverage ?? coverage;
    return {
      consensus: formatted[ri]!,
      sources: [{ key, statuses, context, statementIds: [rowIds[ri]!] }],
      confidence: confidence([statuses], cov),
      row: { table: t, index: ri },
      signature: norm(`${row.label} ${row.cells.map((c) => c?.text ?? '').join(' ')}`),
    };
  });
  return {
    facet: facetOf(`${caption} ${claims.map((i) => model.rows[i]!.label).join(' ')}`, opts),
    relevance: 0,
    entries,
    score: u.score,
    rows: new Set(formatted),
    coverage,
    table: { table: t, shown: [...new Set([...claims, ...keep])].sort((a, b) => a - b) },
  };
}

/** One chain of the statements an answer uses that the evidence lacks: table rows (with their table's
 * caption and columns) and sentences. */
export function picksChain(
  index: IndexHandle,
  picks: ({ table: IndexedTable; index: number } | { statementId: number })[],
  facet: string,
  registry: SourceRegistry,
): EvidenceChain | undefined {
  const entries: EvidenceEntry[] = [];
  for (const p of picks) {
    const id = 'statementId' in p ? p.statementId : p.table.rowIds[p.index];
    const st = id !== undefined ? index.statement(id) : undefined;
    if (!st) continue;
    const section = index.section(st.section_id);
    const itemTag = section?.item_tag ?? '';
    const source = registry.ref({ filingId: st.filing_id, itemTag, title: section?.title ?? itemTag });
    if ('statementId' in p) {
      entries.push({
        consensus: st.text,
        confidence: T.picks.confidence,
        sources: [{ source, statuses: classify(st.text, st.kind, itemTag), context: [], statementIds: [st.id] }],
      });
      continue;
    }
    const m = p.table.model;
    entries.push({
      consensus: formatModelRow(m.rows[p.index]!, m.columns),
      confidence: T.picks.confidence,
      row: p,
      sources: [
        {
          source,
          statuses: ['reported_fact'],
          context: [m.caption, columnsAndUnit(m.columns, m.unit)].filter(Boolean),
          statementIds: [id!],
        },
      ],
    });
  }
  if (entries.length === 0) return undefined;
  return { facet, relevance: T.picks.relevance, score: 0, entries };
}

function passageChain(index: IndexHandle, u: Unit, opts: ChainOptions): DraftChain | undefined {
  const statements = index.statementRange(u.lo, u.hi).filter((s) => s.section_id === u.sectionId);
  const hitIds = new Set(u.hits.map((h) => h.row.id));
  const itemTag = u.hits[0]!.itemTag;
  const key = sourceKey(index, u.hits[0]!.row, itemTag);
  const coverage = Math.max(...u.hits.map((h) => h.coverage));
  const claims = statements.filter((s) => hitIds.has(s.id));
  let budget = opts.chainBudget - claims.reduce((a, s) => a + s.text.length, 0);
  const context: string[] = [];
  for (const s of statements) {
    if (hitIds.has(s.id) || budget < s.text.length) continue;
    context.push(s.text);
    budget -= s.text.length;
  }
  const entries: DraftEntry[] = claims.map((s, i) => {
    const statuses = classify(s.text, s.kind, itemTag);
    const cov = u.hits.find((h) => h.row.id === s.id)?.coverage ?? coverage;
    return {
      consensus: s.text,
      sources: [{ key, statuses, context: i === 0 ? context : [], statementIds: [s.id] }],
      confidence: confidence([statuses], cov),
      signature: norm(s.text),
    };
  });
  if (entries.length === 0) return undefined;
  return { facet: facetOf(claims.map((c) => c.text).join(' '), opts), relevance: 0, entries, score: u.score, rows: new Set(), coverage };
}

/** Near-duplicates: the same claim already in a kept chain (from another filing or section) becomes
 * one more source of that chain's entry. Returns true when `d` was absorbed. */
function mergeInto(kept: DraftChain[], d: DraftChain): boolean {
  for (const k of kept) {
    if (k.rows.size > 0 && d.rows.size > 0 && jaccard(k.rows, d.rows) < T.merge.rows) continue;
    const pairs = d.entries.map((e) => k.entries.find((ke) => jaccard(ke.signature, e.signature) >= T.merge.entry));
    if (pairs.some((p) => !p)) continue;
    d.entries.forEach((e, i) => {
      const target = pairs[i]!;
      for (const s of e.sources) {
        if (!target.sources.some((t) => t.key.filingId === s.key.filingId && t.key.itemTag === s.key.itemTag)) target.sources.push(s);
      }
      target.confidence = confidence(
        target.sources.map((s) => s.statuses),
        d.coverage,
      );
    });
    k.score += T.merge.score * d.score;
    return true;
  }
  return false;
}

/** Registry ids in order of first citation. */
function assignSources(index: IndexHandle, drafts: DraftChain[]): EvidenceChain[] {
  const registry = new SourceRegistry(index);
  return drafts.map((d) => ({
    facet: d.facet,
    relevance: d.relevance,
    score: d.score,
    ...(d.table ? { table: d.table } : {}),
    entries: d.entries.map((e) => ({
      consensus: e.consensus,
      confidence: e.confidence,
      ...(e.row ? { row: e.row } : {}),
      sources: e.sources.map((s) => ({
        source: registry.ref(s.key),
        statuses: s.statuses,
        context: s.context,
        statementIds: s.statementIds,
      })),
    })),
  }));
}
