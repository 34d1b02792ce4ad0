// Retrieval robustness on the FinanceBench development questions: the questions as written, and the
// same information needs as analysts type them (lower case, tickers, short names, paraphrases),
// scored by score.py's rules. Shared by test/robustness and bench/robustness.js.
import { readFileSync } from 'node:fs';
import { scoreResponse, summarize } from './retrieval-score.js';

export const VARIANTS = ['as_written', 'lowercase', 'ticker', 'alias', 'paraphrase'];

const readJsonl = (file) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l));

export function loadQuestions(file) {
  return readJsonl(file);
}

/** test/robustness/aliases.json: ticker -> { names, short }. */
export function loadAliases(file) {
  return JSON.parse(readFileSync(file, 'utf8')).companies;
}

/** test/robustness/paraphrases.jsonl: { id, question } lines (several may share an id). */
export function loadParaphrases(file) {
  return readJsonl(file);
}

const escapeRegExp = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A pattern for any of the names, longest first, any case, spaces and hyphens interchangeable. */
export function namePattern(names) {
  const alts = [...new Set(names)].sort((a, b) => b.length - a.length).map((n) => escapeRegExp(n).replace(/[\s-]+/g, '[\\s-]+'));
  return new RegExp(`(?<![\\w&])(?:${alts.join('|')})(?![\\w&])`, 'gi');
}

/** The question with every mention of its company replaced, or null when none is found. */
export function replaceCompany(question, names, replacement) {
  const re = namePattern(names);
  let found = false;
  const out = question.replace(re, () => {
    found = true;
    return replacement;
  });
  return found ? out : null;
}

/**
 * The questions of each variant: { variant: [{ q, text }] }, where q is the development question
 * (its gold is what is scored) and text what is asked. Choices rotate by position so that every
 * form is exercised: `$TICKER` for every other question, each short name in turn.
 */
export function buildVariants(questions, aliases, paraphrases) {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const names = (q) => [q.company, ...(aliases[q.ticker]?.names ?? [])];
  const out = { as_written: [], lowercase: [], ticker: [], alias: [], paraphrase: [] };
  questions.forEach((q, i) => {
    out.as_written.push({ q, text: q.question });
    out.lowercase.push({ q, text: q.question.toLowerCase() });
    const ticker = replaceCompany(q.question, names(q), i % 2 ? `$${q.ticker}` : q.ticker);
    if (ticker) out.ticker.push({ q, text: ticker });
    const short = aliases[q.ticker]?.short ?? [];
    const alias = short.length ? replaceCompany(q.question, names(q), short[i % short.length]) : null;
    if (alias) out.alias.push({ q, text: alias });
  });
  for (const p of paraphrases) {
    const q = byId.get(p.id);
    if (!q) throw new Error(`paraphrase of an unknown development question: ${p.id}`);
    out.paraphrase.push({ q, text: p.question });
  }
  return out;
}

/** Runs every variant through a backend (research mode, k chains) and scores it. */
export async function runRobustness(backend, variants, k = 10) {
  const results = {};
  for (const [variant, items] of Object.entries(variants)) {
    const scores = [];
    const misses = [];
    for (const { q, text } of items) {
      const r = await backend.query({ query: text, mode: 'research', retrieval: { max_evidence: k } });
      const s = scoreResponse(r, q, k);
      scores.push(s);
      if (!s.hit || !s.ticker || !s.year) misses.push({ id: q.id, text, ...s, applied: r.summary?.applied_metadata_filters ?? {} });
    }
    results[variant] = { ...summarize(scores), misses };
  }
  return results;
}

/** One line a variant: n, hit@k, own, ticker, year. */
export function formatRobustness(results, k = 10) {
  const rows = Object.entries(results).map(
    ([v, r]) =>
      `${v.padEnd(11)} n=${String(r.n).padStart(2)}  hit@${k}=${r.hit.toFixed(3)}  own=${r.own.toFixed(3)}  ticker=${r.ticker.toFixed(3)}  year=${r.year.toFixed(3)}`,
  );
  return rows.join('\n');
}

/** The misses of each variant, for a failing floor. */
export function formatMisses(results) {
  const lines = [];
  for (const [v, r] of Object.entries(results)) {
    for (const m of r.misses)
      lines.push(
        `${v.padEnd(11)} ${m.hit ? 'hit ' : 'MISS'} rec=${m.recall.toFixed(2)} own=${m.own.toFixed(2)} t=${m.ticker ? 'y' : 'n'} y=${m.year ? 'y' : 'n'} ${m.id} ${JSON.stringify(m.applied)} | ${m.text.slice(0, 100)}`,
      );
  }
  return lines.join('\n');
}
