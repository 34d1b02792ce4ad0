// Amounts a quarterly report's sentence pairs with its periods by "respectively": "were $24 million and
// $2 million during the three months ended December 31, 2023 and 2022, respectively, and $52 million and
// $3 million during the six months ended December 31, 2023 and 2022, respectively" (one span, two years);
// "$3.8 billion and $7.4 billion for the three and six months ended June 30, 2023, respectively" (two
// spans, one year). Each amount gets its span's months and its period's end date, or the sentence none.
const MONTHS: Record<string, number> = { three: 3, six: 6, nine: 9, twelve: 12 };
const MONTH_NAMES = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const SPAN = String.raw`(three|six|nine|twelve)(?:[\s-]+(?:and|or)[\s-]+(three|six|nine|twelve))?[\s-]+months?\s+ended\s+`;
const DATE = String.raw`([A-Z][a-z]{2,8})\.?\s+(\d{1,2}),?\s+((?:19|20)\d\d)(?:,?\s+and\s+((?:19|20)\d\d))?`;
const PERIODS = new RegExp(String.raw`\b${SPAN}${DATE},?\s+respectively\b`, 'g');
// An amount of money with its scale ("$7.4 billion": a bare "$1,302.7" may be of a table in millions) or
// a percentage.
const AMOUNT = /(\$\s?)?\(?(\d{1,3}(?:,\d{3})*(?:\.\d+)?)\)?(?:\s*(billion|million|thousand)\b|\s?(%|percent\b))?/g;
const SCALE: Record<string, number> = { billion: 1e9, million: 1e6, thousand: 1e3 };
// Between the amounts of one list: a comma or "and"; between the list and its periods, no figure.
const BETWEEN = /^\s*(?:,\s*(?:and\s+)?|and\s+)$/i;
const TO_PERIODS = /^[^$%\d;]{0,60}$/;

export interface PeriodAmount {
  value: number;
  /** As printed: "$7.4 billion", "9%". */
  text: string;
  at: number;
  percent: boolean;
  months: number;
  /** The end of its period as printed. */
  end: { y: number; m: number; d: number };
}

/** Every amount of a list the sentence pairs with its periods, in order; none when a list's count
 * is not its periods'. */
export function periodAmounts(s: string): PeriodAmount[] {
  const out: PeriodAmount[] = [];
  let from = 0;
  for (const p of s.matchAll(PERIODS)) {
    const spans = [p[1]!, p[2]].filter((x): x is string => !!x).map((w) => MONTHS[w.toLowerCase()]!);
    const month = MONTH_NAMES.indexOf(p[3]!.slice(0, 3).toLowerCase()) + 1;
    const years = [p[5]!, p[6]].filter((x): x is string => !!x).map(Number);
    if (month === 0 || (spans.length > 1 && years.length > 1)) return [];
    const periods = spans.flatMap((months) => years.map((y) => ({ months, end: { y, m: month, d: Number(p[4]) } })));
    // The list just before the periods: amounts of one kind, joined by commas or "and".
    const found = [...s.slice(from, p.index).matchAll(AMOUNT)].filter((m) => m[1] || m[4]).map((m) => ({ m, at: from + m.index! }));
    const list: typeof found = [];
    for (const a of found.reverse()) {
      const next = list[0];
      if (next && !BETWEEN.test(s.slice(a.at + a.m[0].length, next.at))) break;
      list.unshift(a);
      if (list.length === periods.length) break;
    }
    const last = list[list.length - 1];
    if (list.length !== periods.length || !last || !TO_PERIODS.test(s.slice(last.at + last.m[0].length, p.index))) return [];
    const percent = !!last.m[4];
    // Money with its scale, or percentages, never the two in one list.
    if (list.some(({ m }) => !!m[4] !== percent || (!percent && (!m[1] || !m[3])))) return [];
    for (const [i, { m, at }] of list.entries()) {
      out.push({
        value: Number(m[2]!.replace(/,/g, '')) * (m[3] ? SCALE[m[3].toLowerCase()]! : 1) * (m[0].includes('(') && !percent ? -1 : 1),
        text: m[0].replace(/^\(|\)$/g, '').trim(),
        at,
        percent,
        ...periods[i]!,
      });
    }
    from = p.index! + p[0].length;
  }
  return out;
}

const MONTH_WORDS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "2023-10-28" as a filing writes it: "October 28, 2023". */
export function writtenDate(ymd: string): string {
  const [y, m, d] = ymd.split('-').map(Number);
  return `${MONTH_WORDS[m! - 1]} ${d}, ${y}`;
}
