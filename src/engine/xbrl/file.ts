// EDGAR's XBRL company facts (data.sec.gov/api/xbrl/companyfacts/CIK##########.json): every value a
// company tagged in its filings since 2009, by taxonomy and concept, each unit's facts a list of {start
// (absent for an instant), end, val, accn, fy, fp, form, filed, frame}. `fy` and `fp` describe the
// filing that reported a fact, not the fact's own period (a 10-K for fiscal 2023 reports 2021 and 2022
// with `fy` 2023): a fact's period is its start and end (fact-periods.ts). Facts of 8-Ks, proxy
// statements and prospectuses are mixed in; each keeps its form. Pure.
import { checkedFacts, type FactPoint } from './file-schema.js';

export interface CompanyFact {
  unit: string;
  /** YYYY-MM-DD; absent for an instant (a balance). */
  start?: string;
  end: string;
  value: number;
  accession: string;
  form: string;
  /** YYYY-MM-DD. */
  filed: string;
  /** The reporting filing's fiscal year focus, as the company names it (kept to learn its naming,
   * never to place the fact: fact-periods.ts). */
  fy?: number;
}

export interface CompanyConcept {
  /** "us-gaap", "dei", "ifrs-full", "srt", or a company's own prefix. */
  taxonomy: string;
  /** The concept's local name: "Revenues". */
  name: string;
  /** Its label as the file gives it (the taxonomy's standard label for a standard concept). */
  label: string;
  facts: CompanyFact[];
}

/** Two values one filing tagged for the same concept, unit and period: the first is the fact kept,
 * the other is kept beside it (xbrl/store.ts) and named when the fact is read into an answer. */
export interface FactConflict {
  taxonomy: string;
  name: string;
  /** The fact as kept, with its value. */
  fact: CompanyFact;
  /** The other value the filing gave. */
  other: number;
}

export interface CompanyFactsFile {
  /** Without leading zeros. */
  cik: string;
  name: string;
  concepts: CompanyConcept[];
  /** Facts read (one a concept, unit, period and filing). */
  count: number;
  /** A filing's second value of a fact it reported already, when it differs. */
  conflicts: FactConflict[];
}

/** The file's facts; throws an Error saying why when the text is not company facts (not JSON, no
 * facts, another company's, a part not of the shape EDGAR's API documents, a value out of its unit's
 * range: company-facts-schema.ts). `cik`, when given, is the company asked for. A file is taken whole
 * or not at all. */
export function parseCompanyFacts(text: string, cik?: string): CompanyFactsFile {
  let o: unknown;
  try {
    o = JSON.parse(text);
  } catch {
    throw new Error('the company facts file is not JSON (cut short, or an error page?)');
  }
  if (!o || typeof o !== 'object' || Array.isArray(o)) throw new Error('the company facts file is not a JSON object');
  const root = o as { cik?: unknown; entityName?: unknown; facts?: unknown };
  const own = typeof root.cik === 'number' || typeof root.cik === 'string' ? String(root.cik).replace(/^0+/, '') : '';
  if (!/^\d+$/.test(own)) throw new Error('not a company facts file: it names no CIK');
  const asked = cik?.replace(/^0+/, '');
  if (asked && own !== asked) throw new Error(`it is the company facts of CIK ${own}, not of CIK ${asked}`);
  if (!root.facts || typeof root.facts !== 'object' || Array.isArray(root.facts))
    throw new Error('not a company facts file: no "facts" object');
  if (root.entityName !== undefined && typeof root.entityName !== 'string')
    throw new Error('not a company facts file: "entityName" is not a string');
  const concepts: CompanyConcept[] = [];
  const conflicts: FactConflict[] = [];
  let count = 0;
  for (const [taxonomy, byName] of Object.entries(checkedFacts(root.facts))) {
    for (const [name, c] of Object.entries(byName)) {
      // One fact a unit, period and filing: a repeat of the same value is the same fact.
      const held = new Map<string, CompanyFact>();
      for (const [unit, points] of Object.entries(c.units)) {
        for (const p of points) {
          const f = factOf(unit, p);
          const key = `${unit}\t${f.start ?? ''}\t${f.end}\t${f.accession}`;
          const kept = held.get(key);
          if (!kept) held.set(key, f);
          else if (kept.value !== f.value) conflicts.push({ taxonomy, name, fact: kept, other: f.value });
        }
      }
      count += held.size;
      if (held.size > 0) concepts.push({ taxonomy, name, label: c.label ?? '', facts: [...held.values()] });
    }
  }
  if (count === 0) throw new Error('the company facts file holds no facts');
  return { cik: own, name: root.entityName ?? '', concepts, count, conflicts };
}

function factOf(unit: string, p: FactPoint): CompanyFact {
  return {
    unit,
    ...(p.start ? { start: p.start } : {}),
    end: p.end,
    value: p.val,
    accession: p.accn,
    form: p.form,
    filed: p.filed,
    ...(typeof p.fy === 'number' ? { fy: p.fy } : {}),
  };
}
