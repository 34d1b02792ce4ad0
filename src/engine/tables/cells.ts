// Reading one printed cell, and a table's unit line: shared by every ingest (crawler text, HTML).
import type { Scale, TableCell, TableUnit } from './model.js';

const DASH = /^[\u2014\u2013\u2012-]{1,3}$/;
const NUMBER =
  /^(?:[$\u20ac\u00a3\u00a5]\s*)?(\()?\s*(-|\u2212)?\s*[$\u20ac\u00a3\u00a5]?\s*(-|\u2212)?\s*(\d{1,3}(?:,\d{3})+|\d+)?(\.\d+)?\s*(%)?\s*(\))?\s*(%)?$/;

/**
 * A cell as printed ("$ 5,363", "(1,577)", "12.5 %", "—", "(0.7)%") to its value. Returns undefined
 * when the text is not a number or a dash (a word, a footnote mark, a date).
 */
export function parseCell(raw: string): TableCell | undefined {
  const text = raw.replace(/[\u00a0\s]+/g, ' ').trim();
  if (!text) return undefined;
  if (DASH.test(text) || /^\$\s*[\u2014\u2013-]{1,3}$/.test(text)) return { text, value: null };
  const m = NUMBER.exec(text);
  if (!m || (m[4] === undefined && m[5] === undefined)) return undefined;
  // "(1,577" or "1,577)": a parenthesis the source split off; either side makes it negative.
  const negative = m[1] !== undefined || m[7] !== undefined || m[2] !== undefined || m[3] !== undefined;
  const n = Number(`${(m[4] ?? '0').replace(/,/g, '')}${m[5] ?? ''}`);
  if (!Number.isFinite(n)) return undefined;
  const percent = m[6] !== undefined || m[8] !== undefined;
  const cell: TableCell = { text, value: negative ? -n : n };
  if (percent) cell.percent = true;
  return cell;
}

const SCALES: [RegExp, Scale][] = [
  [/\bbillions?\b/i, 1e9],
  [/\bmillions?\b|\$\s?m\b|\(\$m\)|\bmm\b/i, 1e6],
  [/\bthousands?\b|\$\s?000s?\b|\(000s?\)|\$\s?k\b/i, 1e3],
];

/**
 * The unit of a table from a unit line ("(in millions, except per share data)", "Dollars in
 * thousands", "($ in millions)"). Undefined when the line states no scale.
 */
export function parseUnit(line: string): TableUnit | undefined {
  const text = line.replace(/\s+/g, ' ').trim();
  if (text.length > 200) return undefined;
  if (!/\b(?:in|dollars|amounts|\$|us\$|usd|expressed)\b|^\(/i.test(text)) return undefined;
  let scale: Scale | undefined;
  for (const [re, s] of SCALES) {
    const m = re.exec(text);
    if (!m) continue;
    // "except per share amounts, shares in millions" names the shares' scale, not the table's.
    const before = text.slice(0, m.index);
    if (/\bexcept\b[^,;]*$/i.test(before) || (/\bshares?\s+(?:in|are in)\s*$/i.test(before) && !/\$|\bdollars\b|\bamounts\b/i.test(before)))
      continue;
    scale = s;
    break;
  }
  if (scale === undefined) return undefined;
  return {
    scale,
    currency:
      /\$|\bdollars?\b|\busd\b/i.test(text) || !/\bshares?\b|\bunits?\b|\bemployees\b/i.test(text.replace(/except.*$/i, '')) ? 'USD' : null,
    exceptPerShare: /\bexcept\b[^)]*\bper[- ]share\b|\bper[- ]share (?:data|amounts)\b/i.test(text),
    exceptShares: /\bexcept\b[^)]*\bshares?\b(?![- ]?(?:price|data|amounts))|\bshares? in (?:thousands|millions)\b/i.test(text),
    text,
  };
}

/** The scale share counts are printed at: the table's, or the one its unit line gives them ("except
 * number of shares, which are reflected in thousands", "shares in millions"); units when the line
 * excepts share data without a scale. */
export function shareScale(unit: TableUnit | null): number {
  if (!unit) return 1;
  if (!unit.exceptShares) return unit.scale;
  const m = /\bshares?\b[^.;)]*?\b(?:in|reflected in|stated in|presented in)\s+(thousands|millions|billions)\b/i.exec(unit.text);
  return m ? { thousands: 1e3, millions: 1e6, billions: 1e9 }[m[1]!.toLowerCase() as 'thousands'] : 1;
}

/** The scale a row's cells are in: per-share and share-count rows keep their own when the unit line
 * excepts them; percentages are never scaled. */
export function rowScale(unit: TableUnit | null, label: string, cell: TableCell): number {
  if (!unit || cell.percent) return 1;
  // Per-share amounts are printed in dollars whatever the table's scale.
  if (/\bper (?:common |ordinary |diluted |basic )?share\b|\bper unit\b|\bEPS\b/i.test(label)) return 1;
  if (unit.exceptShares && /\bshares?\b|\bshares outstanding\b/i.test(label) && !/\$|\bamount\b|\bvalue\b|\bcost\b|\bprice\b/i.test(label))
    return shareScale(unit);
  return unit.scale;
}
