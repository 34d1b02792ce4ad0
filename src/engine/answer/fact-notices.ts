// Notices about the company facts behind an answer's figures: a figure of a filing's text the facts
// give another value of (FIGURE_FACTS_DISAGREE), and a fact its filing gave two values of
// (FIGURE_FACT_CONFLICT: the index keeps the first the file listed and the other beside it), each
// naming both values and where they are from.
import type Database from 'better-sqlite3';
import { grouped } from '../../contract/figure-text.js';
import type { FigureRecord, NoticePayload } from '../../contract/types.js';
import { factConflicts } from '../xbrl/index.js';

/** A notice for each figure of a filing's text the company facts hold another value of: both values
 * and both sources. */
export function disagreementNotices(figures: FigureRecord[]): NoticePayload[] {
  return figures.flatMap((f) => {
    const c = f.facts_check;
    if (c?.status !== 'disagree') return [];
    const where = f.source ? `${f.source.form} ${f.source.accession}${f.source.row_label ? ` ("${f.source.row_label}")` : ''}` : 'the text';
    return [
      {
        code: 'FIGURE_FACTS_DISAGREE',
        message:
          `${f.company}'s ${f.measure.name} for ${f.fiscal_period} ${f.fiscal_year}: the filing's text gives ${f.value} ${f.unit} (${where}); ` +
          `the XBRL company facts give ${c.value} ${f.unit} (${c.concept}, ${c.form} ${c.accession} filed ${c.filed})`,
      },
    ];
  });
}

const same = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b));
const number = (v: number) => grouped(v, 6);

/** A notice for each company fact a figure states or is checked against whose filing gave the period
 * another value too: both values, the concept, the period and the filing. */
export function conflictNotices(db: Database.Database, figures: FigureRecord[]): NoticePayload[] {
  const said = new Set<string>();
  const out: NoticePayload[] = [];
  for (const f of figures) {
    if (!f.cik) continue;
    // The fact stated (its period the record's), or the fact a text figure was checked against.
    const facts = [
      ...(f.status === 'fact' && f.source?.concept
        ? [{ concept: f.source.concept, accession: f.source.accession, form: f.source.form, value: f.value, end: f.period.end }]
        : []),
      ...(f.facts_check ? [{ ...f.facts_check, end: null }] : []),
    ];
    for (const x of facts) {
      for (const c of factConflicts(db, f.cik, x.concept, x.accession)) {
        if (!same(c.value, x.value) || (x.end !== null && c.end !== x.end)) continue;
        const key = `${x.concept} ${x.accession} ${c.unit} ${c.start ?? ''} ${c.end} ${c.other}`;
        if (said.has(key)) continue;
        said.add(key);
        const period = c.start ? `${c.start} to ${c.end}` : `at ${c.end}`;
        out.push({
          code: 'FIGURE_FACT_CONFLICT',
          message:
            `${f.company}'s ${f.measure.name} for ${f.fiscal_period} ${f.fiscal_year}: the ${x.form} ${x.accession} tags ${x.concept} ` +
            `(${c.unit}, ${period}) with two values, ${number(c.value)} and ${number(c.other)}; ` +
            `the XBRL company facts are read with the first, as the file lists them`,
        });
      }
    }
  }
  return out;
}
