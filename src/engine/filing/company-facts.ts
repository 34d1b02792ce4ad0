// EDGAR's XBRL company facts (data.sec.gov/api/xbrl/companyfacts/CIK##########.json): every value a
// company tagged in its filings since 2009, by taxonomy and concept, each unit's facts a list of {start
// (absent for an instant), end, val, accn, fy, fp, form, filed, frame}. `fy` and `fp` describe the
// filing that reported a fact, not the fact's own period (a 10-K for fiscal 2023 reports 2021 and 2022
// with `fy` 2023): a fact's period is its start and end (fact-periods.ts). Facts of 8-Ks, proxy
// statements and prospectuses are mixed in; each keeps its form. Pure.

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

export interface CompanyFactsFile {
  /** Without leading zeros. */
  cik: string;
  name: string;
  concepts: CompanyConcept[];
  /** Facts read, and those left out for lacking a date, a number or an accession. */
  count: number;
  skipped: number;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const ACCESSION = /^\d{10}-\d{2}-\d{6}$/;

/** The file's facts; throws an Error saying why when the text is not company facts (not JSON, no
 * facts, another company's). `cik`, when given, is the company asked for. */
export function parseCompanyFacts(text: string, cik?: string): CompanyFactsFile {
  let o: unknown;
  try {
    o = JSON.parse(text);
  } catch {
    throw new Error('the company facts file is not JSON (cut short, or an error page?)');
  }
  if (!o || typeof o !== 'object' || Array.isArray(o)) throw new Error('the company facts file is not a JSON object');
  const root = o as { cik?: unknown; entityName?: unknown; facts?: unknown };
  const own = String(root.cik ?? '').replace(/^0+/, '');
  if (!/^\d+$/.test(own)) throw new Error('not a company facts file: it names no CIK');
  const asked = cik?.replace(/^0+/, '');
  if (asked && own !== asked) throw new Error(`it is the company facts of CIK ${own}, not of CIK ${asked}`);
  if (!root.facts || typeof root.facts !== 'object' || Array.isArray(root.facts))
    throw new Error('not a company facts file: no "facts" object');
  const concepts: CompanyConcept[] = [];
  let count = 0;
  let skipped = 0;
  for (const [taxonomy, byName] of Object.entries(root.facts as Record<string, unknown>)) {
    if (!byName || typeof byName !== 'object') throw new Error(`not a company facts file: taxonomy "${taxonomy}" is not an object`);
    for (const [name, c] of Object.entries(byName as Record<string, { label?: unknown; units?: unknown }>)) {
      if (!c || typeof c !== 'object' || !c.units || typeof c.units !== 'object') {
        throw new Error(`not a company facts file: concept ${taxonomy}:${name} has no units`);
      }
      const facts: CompanyFact[] = [];
      for (const [unit, list] of Object.entries(c.units as Record<string, unknown>)) {
        if (!Array.isArray(list)) throw new Error(`not a company facts file: ${taxonomy}:${name} in ${unit} is not a list`);
        for (const raw of list as Record<string, unknown>[]) {
          const f = readFact(unit, raw);
          if (f) facts.push(f);
          else skipped++;
        }
      }
      count += facts.length;
      if (facts.length > 0) concepts.push({ taxonomy, name, label: typeof c.label === 'string' ? c.label : '', facts });
    }
  }
  if (count === 0) throw new Error('the company facts file holds no facts');
  return { cik: own, name: typeof root.entityName === 'string' ? root.entityName : '', concepts, count, skipped };
}

function readFact(unit: string, r: Record<string, unknown>): CompanyFact | undefined {
  if (!r || typeof r !== 'object') return undefined;
  const { start, end, val, accn, form, filed, fy } = r;
  if (typeof end !== 'string' || !DATE.test(end)) return undefined;
  if (start !== undefined && (typeof start !== 'string' || !DATE.test(start) || start > end)) return undefined;
  if (typeof val !== 'number' || !Number.isFinite(val)) return undefined;
  if (typeof accn !== 'string' || !ACCESSION.test(accn) || typeof form !== 'string' || typeof filed !== 'string' || !DATE.test(filed))
    return undefined;
  return {
    unit,
    ...(start ? { start } : {}),
    end,
    value: val,
    accession: accn,
    form,
    filed,
    ...(typeof fy === 'number' && Number.isInteger(fy) ? { fy } : {}),
  };
}
