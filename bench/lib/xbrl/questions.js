// The XBRL battery's questions: facts a reader can see, one per concept, period and dimensions,
// phrased with an unambiguous label, its members and a period; drawn by a seeded generator.
import {
  ALIASES,
  CONTEXT,
  DATE_WORDS,
  DIM_KIND,
  GENERIC,
  IMPLICIT,
  IMPLICIT_AXIS,
  QUALIFIER,
  ROLLFORWARD,
  SHORT_LABELS,
  SKIP_AXIS,
  cleanLabel,
  inQuestion,
  memberName,
  namesMember,
  norm,
  periodPhrases,
  sameName,
  splitCamel,
  standardLabel,
} from './names.js';

/** The gold of a fact as the verdict reads it (bench/lib/verdict.js), or null for units it cannot. */
export function goldOf(fact, cell) {
  const v = fact.value;
  const half = fact.decimals === null ? 0 : 0.5 * 10 ** -fact.decimals;
  const tolerance = Math.max(0.005, half / Math.abs(v));
  const round = (x) => Number(x.toPrecision(12));
  switch (fact.unit) {
    case 'usd':
      return { figure: round(v / 1e6), unit: 'million', tolerance };
    case 'usd/shares':
      return { figure: v, unit: 'per_share', tolerance };
    case 'shares':
      return { figure: v, unit: 'count', tolerance };
    case 'pure':
      return cell?.percent ? { figure: round(v * 100), unit: 'percent', tolerance } : { figure: v, unit: 'ratio', tolerance };
    default:
      // Other currencies, and counts of things a label does not name (claimants), are not asked.
      return null;
  }
}

/** The cell shows the fact: its number is the fact's value at some scale (or as a percentage). */
function cellShows(fact, cell) {
  if (!cell || cell.value === null || cell.value === 0 || !/\d/.test(cell.text)) return false;
  const shown = Math.abs(cell.value) * (cell.percent ? 0.01 : 1);
  const v = Math.abs(fact.value);
  return [1, 1e3, 1e6, 1e9].some((s) => Math.abs((shown * s) / v - 1) < 0.02);
}

const dimsKey = (d) =>
  Object.entries(d)
    .sort()
    .map(([a, m]) => `${a}=${m}`)
    .join(',');
const halfUnit = (f) => (f.decimals === null ? Math.abs(f.value) * 1e-9 : 0.5 * 10 ** -f.decimals);
const sameValue = (a, b) => Math.abs(Math.abs(a.value) - Math.abs(b.value)) <= Math.max(halfUnit(a), halfUnit(b)) + 1e-9;

/** A deterministic generator from a seed string (mulberry32 over a string hash). */
export function rng(seed) {
  let h = 1779033703 ^ String(seed).length;
  for (const ch of String(seed)) {
    h = Math.imul(h ^ ch.charCodeAt(0), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let a = h >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    pick: (xs) => xs[Math.floor(next() * xs.length)],
    shuffle: (xs) =>
      xs
        .map((x) => [next(), x])
        .sort((p, q) => p[0] - q[0])
        .map((p) => p[1]),
  };
}

/**
 * Every visible fact of a filing with what a question about it needs: its dimensions named, its
 * period phrased, its label candidates (company's and standard), or the reason it is skipped.
 */
function readFacts(filing) {
  const { prepared: p } = filing;
  const fye = (p.meta.nominal_fiscal_year_end ?? p.meta.sec_fiscal_year_end).replace(/^(\d\d)(\d\d)$/, '$1-$2');
  const offset = p.meta.fiscal_name_offset ?? 0;
  // The filing's own spelling of members: a row, its group or its column printing the member's name.
  const printed = new Map();
  for (const f of p.facts) {
    if (f.table === undefined || f.row === undefined) continue;
    const t = p.tables[f.table];
    const row = t.rows[f.row];
    for (const m of Object.values(f.dimensions)) {
      if (printed.has(m)) continue;
      const local = (m.split(':')[1] ?? '').replace(/Member$/, '');
      const hit = [row.label, row.group, t.columns[f.column ?? -1]?.label]
        .map((x) => cleanLabel(x ?? ''))
        .find((x) => x && sameName(x, local));
      if (hit) printed.set(m, hit);
    }
  }
  const out = [];
  const seen = new Set();
  for (const f of p.facts) {
    if (f.table === undefined || f.row === undefined || f.column === undefined) continue;
    const t = p.tables[f.table];
    const row = t.rows[f.row];
    const cell = row?.cells[f.column];
    const r = { fact: f, table: t, row, cell, skip: null };
    out.push(r);
    const key = `${f.concept}|${f.start ?? ''}|${f.end}|${dimsKey(f.dimensions)}`;
    if (f.value === null) r.skip = 'nil';
    else if (/TextBlock$/.test(f.concept) || f.concept.startsWith('dei:')) r.skip = 'text or cover';
    else if (seen.has(key)) r.skip = 'duplicate';
    else if (!cellShows(f, cell)) r.skip = f.value === 0 ? 'zero' : 'cell does not show it';
    if (f.value !== null) seen.add(key);
    // Members: an analyst's qualifiers, or none when the axis is not one asked by.
    const axes = Object.entries(f.dimensions);
    if (axes.some(([a]) => SKIP_AXIS.test(a))) r.skip ??= 'axis not asked by';
    // A product names its segment and sub-segment (Johnson & Johnson's DARZALEX is Innovative
    // Medicine's, Oncology's): those are not asked by either. Were a product sold in several
    // segments, its label would read several values, and the check of readings drops it.
    const product = axes.some(([a]) => /:ProductOrServiceAxis$/.test(a));
    const named = axes.filter(
      ([a, m]) => !IMPLICIT_AXIS.test(a) && !IMPLICIT.has(m) && !(product && /:(?:StatementBusinessSegmentsAxis|SubsegmentsAxis)$/.test(a)),
    );
    r.members = named.map(([a, m]) => ({ axis: a, member: m, name: memberName(m, printed) }));
    if (r.members.some((m) => !m.name)) r.skip ??= 'member not named';
    // A member named by a period ("Fiscal 2024 Oracle Restructuring") reads as the question's period.
    else if (
      r.members.some((m) =>
        /\bfiscal\s+(?:year\s+)?\d{4}\b|\b(?:January|February|March|April|May|June|July|August|September|October|November|December)\s+\d{4}\b/i.test(
          m.name,
        ),
      )
    )
      r.skip ??= 'member named by a period';
    if (r.members.length > 2) r.skip ??= 'more than two members';
    r.dimKind = r.members.length === 0 ? 'plain' : (DIM_KIND.find(([re]) => r.members.some((m) => re.test(m.axis)))?.[1] ?? 'other');
    r.period = periodPhrases(f, fye, offset);
    if (!r.period) r.skip ??= 'period not named';
    r.gold = f.value === null ? null : goldOf(f, cell);
    if (!r.gold) r.skip ??= 'unit not asked';
    else if (r.gold.unit === 'million' && Math.abs(f.value) < 1e5) r.skip ??= 'amount under $0.1 million';
    else if (r.gold.unit === 'per_share' && Math.abs(f.value) < 0.01) r.skip ??= 'par value';
    // Labels: the company's (row label, or group with its qualifier), then the standard one.
    const memberNames = r.members.map((m) => m.name ?? m.member);
    const locals = Object.values(f.dimensions).map((m) => splitCamel((m.split(':')[1] ?? '').replace(/Member$/, '')));
    const aliases = Object.values(f.dimensions).flatMap((m) => ALIASES[m] ?? []);
    const isMember = (l) => [...memberNames, ...locals, ...aliases].some((n) => namesMember(l, n));
    const label = cleanLabel(row.label);
    const group = row.group ? cleanLabel(row.group) : '';
    const usable = (l) => l && l.length <= 80 && !DATE_WORDS.test(l) && /[a-z]/i.test(l) && !/%|\d\s*-\s*\d/.test(l);
    const groupOk = usable(group) && !isMember(group) && !GENERIC.test(group) && !QUALIFIER.test(group);
    r.labels = [];
    if (isMember(label)) {
      if (groupOk) r.labels.push({ text: group, source: 'company' });
    } else if (QUALIFIER.test(label) || GENERIC.test(label) || ROLLFORWARD.test(label)) {
      if (QUALIFIER.test(label) && groupOk) r.labels.push({ text: `${label} ${inQuestion(group)}`, source: 'company' });
    } else if (usable(label) && !CONTEXT.some(([c, w]) => c.test(f.concept.split(':')[1] ?? '') && !w.test(label))) {
      // A product's or segment's row in a revenue table ("Creative Cloud" under Digital Media) names
      // no measure: the concept's says it is revenue.
      const measure = SHORT_LABELS[f.concept] && r.members.length && !/revenue|sales/i.test(label) ? ` ${SHORT_LABELS[f.concept]}` : '';
      r.labels.push({ text: `${label}${measure}`, source: 'company' });
    }
    for (const std of [SHORT_LABELS[f.concept], standardLabel(f.concept)]) {
      if (std && std.length <= 100 && !isMember(std)) r.labels.push({ text: std, source: 'standard' });
    }
    r.labels = r.labels.map((l) => ({ ...l, text: inQuestion(l.text) }));
    // What a reader may take each label for: every label it is asked by, and its row's own label.
    r.readAs = [...r.labels.map((l) => l.text), ...(usable(label) ? [label] : [])];
    r.memberKey = memberNames.map(norm).sort().join('+');
  }
  return out;
}

const VERB = (label) => (/(?<![su])s$/i.test(label.split(' ').pop() ?? '') ? 'were' : 'was');
const possessive = (name) => (name.endsWith('s') ? `${name}'` : `${name}'s`);

/** The question's text from a template chosen by the generator. */
function phrase(g, company, members, label, period, gold) {
  const m = members.length ? members.join(' ') : '';
  const withMembers = m && g.next() < 0.3 ? `${label} (${m})` : m ? `${m} ${label}` : label;
  const long = g.pick(period.long);
  const short = g.pick(period.short);
  const be = VERB(label);
  const instant = period.kind === 'instant';
  const templates = [
    () => `What ${be} ${possessive(company)} ${withMembers} ${instant ? long : `in ${long}`}?`,
    () => `${company} ${withMembers} ${short}`,
    () => `What ${be} ${possessive(company)} ${withMembers} ${instant ? long : `for ${long}`}?`,
    () => `${possessive(company)} ${withMembers} ${instant ? long : `for ${long}`}?`,
    () => `Tell me ${possessive(company)} ${withMembers} ${instant ? long : `for ${long}`}.`,
  ];
  if (gold.unit === 'million') {
    templates.push(
      instant
        ? () => `How much ${withMembers} did ${company} report ${long}?`
        : () => `How much ${withMembers} did ${company} report for ${long}?`,
    );
  }
  const t = g.pick(templates)();
  // The period as written, for the integrity check.
  const periodText = t.includes(long) ? long : short;
  return { question: t.replace(/\s+/g, ' ').replace(/\?\?$/, '?'), periodText };
}

/**
 * The battery: per filing, up to `perFiling` questions spread over plain / dimensional (segment,
 * product, geography first), current / prior and duration / instant, at most two a concept, in a
 * seeded order; question texts unique over the battery (a text asked of two filings of the same
 * company with two different golds is dropped). Returns the questions and what was dropped.
 */
export function generateXbrlQuestions(filings, { seed = 'xbrl-1', perFiling = 60 } = {}) {
  const questions = [];
  const stats = { byFiling: {}, skipped: {}, ambiguous: 0, ambiguousExamples: [], crossFiling: 0 };
  // Readings of every label for a period and members, over all of a company's filings.
  const read = filings.map((f) => ({ filing: f, facts: readFacts(f) }));
  // A label that names a balance (an instant) and a flow (a duration: "Inventories" in the cash flow
  // statement) reads as the balance: it is not used for either.
  const readings = new Map();
  const kinds = new Map();
  for (const { filing, facts } of read) {
    for (const r of facts) {
      if (r.fact.value === null || !r.period) continue;
      // A fact is also read by its label with its concept's standard label said as one more member's
      // name: "yen denominated (Denominated Yen with Fixed Rate Unsecured Debt)" reads the Unsecured
      // Debt amount of that member as well as its rate under the Unsecured Debt member.
      const alsoAs = r.members.length ? [...r.memberKey.split('+'), norm(standardLabel(r.fact.concept))].sort().join('+') : null;
      for (const text of new Set(r.readAs.map(norm))) {
        for (const key of alsoAs ? [r.memberKey, alsoAs] : [r.memberKey]) {
          const k = `${filing.spec.ticker}|${text}|${r.period.key}|${key}`;
          (readings.get(k) ?? readings.set(k, []).get(k)).push(r.fact);
        }
        const kk = `${filing.spec.ticker}|${text}|${r.memberKey}`;
        (kinds.get(kk) ?? kinds.set(kk, new Set()).get(kk)).add(r.period.kind);
      }
    }
  }
  const ambiguous = (ticker, r, l) => {
    if ((kinds.get(`${ticker}|${norm(l.text)}|${r.memberKey}`)?.size ?? 0) > 1) return true;
    const facts = readings.get(`${ticker}|${norm(l.text)}|${r.period.key}|${r.memberKey}`) ?? [];
    return facts.some((g) => !sameValue(g, r.fact));
  };
  for (const { filing, facts } of read) {
    const { spec, prepared } = filing;
    const g = rng(`${seed}|${filing.name}`);
    const st = (stats.byFiling[filing.name] = {
      facts: prepared.facts.length,
      inTables: facts.length,
      candidates: 0,
      ambiguous: 0,
      selected: 0,
    });
    const candidates = [];
    for (const r of facts) {
      if (r.skip) {
        stats.skipped[r.skip] = (stats.skipped[r.skip] ?? 0) + 1;
        continue;
      }
      if (!r.labels.length) {
        stats.skipped['no label'] = (stats.skipped['no label'] ?? 0) + 1;
        continue;
      }
      const labels = r.labels.filter((l) => !ambiguous(spec.ticker, r, l));
      if (!labels.length) {
        st.ambiguous++;
        stats.ambiguous++;
        if (stats.ambiguousExamples.length < 12 && g.next() < 0.2)
          stats.ambiguousExamples.push(
            `${filing.name}: "${r.labels[0]?.text}" ${r.period.long[0]} ${r.members.map((m) => m.name).join(' ')} (${r.fact.concept})`,
          );
        continue;
      }
      st.candidates++;
      candidates.push({ ...r, usable: labels });
    }
    // Strata, each in a seeded order with a concept's first fact before its second.
    const current = (r) => r.fact.end === prepared.meta.period_of_report;
    const strata = new Map();
    for (const r of g.shuffle(candidates)) {
      const dim = r.dimKind;
      const k = `${dim}|${current(r) ? 'current' : 'prior'}|${r.period.kind}`;
      (strata.get(k) ?? strata.set(k, []).get(k)).push(r);
    }
    const order = ['plain', 'segment', 'product', 'plain', 'geography', 'other'].flatMap((d) =>
      ['current|duration', 'prior|duration', 'current|instant', 'prior|instant'].map((p) => `${d}|${p}`),
    );
    // At most two questions a concept and members (a segment table's rows are asked by segment).
    const perConcept = new Map();
    const conceptKey = (r) => `${r.fact.concept}|${r.memberKey}`;
    const picked = [];
    const texts = new Set();
    for (let round = 0; picked.length < perFiling && round < 50; round++) {
      let progressed = false;
      for (const k of order) {
        const list = strata.get(k);
        if (!list?.length || picked.length >= perFiling) continue;
        // The next fact of the stratum whose concept has been asked least (at most twice).
        let best = -1;
        for (let i = 0; i < list.length; i++) {
          const n = perConcept.get(conceptKey(list[i])) ?? 0;
          if (n < 2 && (best < 0 || n < (perConcept.get(conceptKey(list[best])) ?? 0))) best = i;
          if (n === 0) break;
        }
        if (best < 0) {
          list.length = 0;
          continue;
        }
        const [r] = list.splice(best, 1);
        const label = g.next() < 0.7 ? r.usable[0] : g.pick(r.usable);
        const members = r.members.map((m) => m.name);
        const { question, periodText } = phrase(g, spec.company, members, label.text, r.period, r.gold);
        if (texts.has(question.toLowerCase())) continue;
        texts.add(question.toLowerCase());
        perConcept.set(conceptKey(r), (perConcept.get(conceptKey(r)) ?? 0) + 1);
        progressed = true;
        picked.push({
          id: `${spec.ticker}-${prepared.meta.sec_form_type}-${prepared.meta.sec_fiscal_year.slice(3)}-${String(picked.length + 1).padStart(3, '0')}`,
          question,
          ticker: spec.ticker,
          company: spec.company,
          filing: filing.name,
          accession: prepared.meta.accession,
          kind: r.dimKind === 'plain' ? 'plain' : 'dimensional',
          dimKind: r.dimKind,
          timing: current(r) ? 'current' : 'prior',
          periodKind: r.period.kind,
          periodText,
          label: label.text,
          labelSource: label.source,
          members,
          fact: {
            concept: r.fact.concept,
            value: r.fact.value,
            unit: r.fact.unit,
            decimals: r.fact.decimals,
            start: r.fact.start ?? null,
            end: r.fact.end,
            instant: r.fact.instant,
            dimensions: r.fact.dimensions,
            table: r.fact.table,
            row: r.fact.row,
            column: r.fact.column,
          },
          shown: r.cell.text,
          expect: r.gold,
        });
      }
      if (!progressed) break;
    }
    st.selected = picked.length;
    questions.push(...picked);
  }
  // One text, one gold: a text two filings ask with different golds is dropped from both.
  const byText = new Map();
  for (const q of questions)
    (byText.get(q.question.toLowerCase()) ?? byText.set(q.question.toLowerCase(), []).get(q.question.toLowerCase())).push(q);
  const out = [];
  for (const qs of byText.values()) {
    const [first] = qs;
    if (qs.every((q) => Math.abs(q.expect.figure - first.expect.figure) <= first.expect.tolerance * Math.abs(first.expect.figure)))
      out.push(first);
    else stats.crossFiling += qs.length;
    stats.duplicateTexts = (stats.duplicateTexts ?? 0) + qs.length - 1;
  }
  const keep = new Set(out);
  return { questions: questions.filter((q) => keep.has(q)), stats };
}

/** `n` questions spread over the filings and, within a filing, over plain / dimensional, current /
 * prior and duration / instant (round robin at both levels, in the battery's order). */
export function spread(questions, n) {
  const group = (qs, key) => {
    const m = new Map();
    for (const q of qs) (m.get(key(q)) ?? m.set(key(q), []).get(key(q))).push(q);
    return [...m.values()];
  };
  const interleave = (lists) => {
    const out = [];
    for (let i = 0; lists.some((l) => i < l.length); i++) for (const l of lists) if (i < l.length) out.push(l[i]);
    return out;
  };
  // Each filing starts at another period stratum, so that a short sample has them all.
  const rotate = (xs, by) => xs.map((_, i) => xs[(i + by) % xs.length]);
  const lists = group(questions, (q) => q.filing).map((qs, fi) =>
    interleave(
      group(qs, (q) => q.kind).map((k, ki) =>
        interleave(
          rotate(
            group(k, (q) => `${q.timing}|${q.periodKind}`),
            fi + 2 * ki,
          ),
        ),
      ),
    ),
  );
  const out = [];
  for (let i = 0; out.length < n && lists.some((l) => i < l.length); i++)
    for (const l of lists) if (i < l.length && out.length < n) out.push(l[i]);
  return out;
}

// ---------------------------------------------------------------------------------------------
