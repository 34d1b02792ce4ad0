// The retrieval scoring rules of ../shared/eval/score.py, in one place for the in-process scorers
// (bench/eval-inprocess.js, bench/robustness.js and the robustness suite). Keep in step with score.py.

const WORD = /[a-z][a-z']{4,}|\d[\d,]*(?:\.\d+)?/g;
const COMMON = new Set(
  `which where their there about would could should these those other total years ended
other million billion company companies include including during fiscal period december
following respectively amount amounts under based financial statements related income`.split(/\s+/),
);
const SRC = /<source id="([^"]+)"[^>]*\bticker="([^"]*)"/g;
const isDigit = (c) => c >= '0' && c <= '9';

/** Numbers of 3+ digits and words of 5+ letters outside the common list (score.py `distinctive`). */
export function distinctive(text) {
  const out = new Set();
  for (const t of text.toLowerCase().match(WORD) ?? []) {
    if (isDigit(t[0])) {
      const digits = t.replace(/,/g, '').split('.')[0];
      if (digits.length >= 3) out.add(digits);
    } else if (!COMMON.has(t)) out.add(t);
  }
  return out;
}

/** Every token of the evidence, numbers without commas and decimals (score.py `evidence_tokens`). */
export function evidenceTokens(text) {
  const out = new Set();
  for (const t of text.toLowerCase().match(WORD) ?? []) out.add(isDigit(t[0]) ? t.replace(/,/g, '').split('.')[0] : t);
  return out;
}

export function chains(evidence) {
  return (evidence ?? '').split(/(?=<evidence_chain\b)/).filter((p) => p.startsWith('<evidence_chain'));
}

/** The first k chains that cite a filing of the ticker (score.py `own_chains`). */
export function ownChains(evidence, ticker, k) {
  const reg = new Map([...(evidence ?? '').matchAll(SRC)].map((m) => [m[1], m[2].toUpperCase()]));
  return chains(evidence)
    .slice(0, k)
    .filter((c) => [...c.matchAll(/<entry sources="([^"]*)"/g)].some((m) => m[1].split(/\s+/).some((id) => reg.get(id) === ticker)));
}

function asList(v) {
  if (v == null) return [];
  if (typeof v === 'object' && !Array.isArray(v)) return Object.values(v).flatMap(asList);
  return Array.isArray(v) ? v : [v];
}

/**
 * Scores one response against one question as score.py does.
 * @param {{ evidence?: string, summary?: { applied_metadata_filters?: Record<string, unknown> } }} response
 * @param {{ ticker: string, fiscal_year: string, evidence: string[] }} question
 */
export function scoreResponse(response, question, k = 10) {
  const evidence = response.evidence ?? '';
  const ticker = question.ticker.toUpperCase();
  const mine = ownChains(evidence, ticker, k);
  const top = chains(evidence).slice(0, k);
  const topChars = top.join('').length;
  const have = topChars <= 3000 * k ? evidenceTokens(mine.join('')) : new Set();
  let recall = 0;
  for (const g of question.evidence) {
    const d = distinctive(g);
    if (d.size) recall = Math.max(recall, [...d].filter((x) => have.has(x)).length / d.size);
  }
  const applied = response.summary?.applied_metadata_filters ?? {};
  return {
    hit: recall >= 0.5,
    recall,
    own: top.length ? mine.length / top.length : 0,
    ticker: asList(applied.sec_ticker)
      .map((x) => String(x).toUpperCase())
      .includes(question.ticker),
    year: asList(applied.sec_fiscal_year).map(String).includes(question.fiscal_year),
    chars: topChars,
  };
}

/** Means of a list of scores: hit@k, own, ticker and year rates. */
export function summarize(scores) {
  const n = scores.length || 1;
  const mean = (f) => scores.reduce((s, x) => s + f(x), 0) / n;
  return {
    n: scores.length,
    hit: mean((s) => Number(s.hit)),
    own: mean((s) => s.own),
    ticker: mean((s) => Number(s.ticker)),
    year: mean((s) => Number(s.year)),
  };
}
