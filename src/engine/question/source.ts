// The filing a question names as the source of its figures: "according to Nike's fiscal 2019 10-K",
// "in its 2022 annual report", "per the FY2019 10-K", "the 10-K for fiscal 2019"; and "as originally
// reported" or "as restated", which choose between the earlier and the later filing printing a period.
// The source's year says which filing, never which period: its words are kept out of the period.
import type { Source } from './reading.js';

const FORM = String.raw`(?:form\s+)?(10-?k|10-?q|annual report|quarterly report)`;
const YEAR = String.raw`(?:(?:fiscal(?:\s+year)?|fy)\s?[-']?\s?)?((?:19|20)\d\d|'\d\d)`;
// "its", "the", "Nike's", "Procter & Gamble's": whose filing.
const OWNER = String.raw`(?:(?:its|their|the|[A-Z][\w.&'’-]*(?:\s[A-Z][\w.&'’-]*){0,3}['’]s?)\s+)?`;
// "[according to|per|in|from] [its|the|Nike's] [fiscal] 2019 10-K"
const YEAR_FORM = new RegExp(
  String.raw`\b(?:(?:according to|per|in|from|within|based on|as (?:reported|stated|disclosed|presented|filed) in)\s+)?` +
    String.raw`${OWNER}${YEAR}\s+${FORM}`,
  'i',
);
// "[the|its] 10-K for fiscal 2019", "the annual report for FY2022"
const FORM_YEAR = new RegExp(
  String.raw`\b(?:(?:according to|per|in|from|within|based on)\s+)?${OWNER}${FORM}\s+(?:for|of)\s+(?:the\s+)?` +
    String.raw`((?:fiscal(?:\s+year)?|fy)\s?[-']?\s?(?:(?:19|20)\d\d|'\d\d)|(?:19|20)\d\d)`,
  'i',
);
const ORIGINAL = /\bas (?:originally|first|initially) (?:reported|stated|presented|published)\b/i;
const RESTATED = /\bas (?:restated|recast|revised|adjusted for the restatement)\b|\brestated\b/i;

export interface SourceRead {
  source: Source;
  /** [start, end) of the words naming the filing (kept out of the period, claimed as the source). */
  spans: [number, number][];
}

const yearOf = (text: string) => {
  const y = /(\d{2,4})\s*$/.exec(text)![1]!;
  return y.length === 2 ? 2000 + Number(y) : Number(y);
};
const formOf = (text: string): '10-K' | '10-Q' => (/q|quarterly/i.test(text) ? '10-Q' : '10-K');

export function readSource(question: string): SourceRead | undefined {
  const spans: [number, number][] = [];
  let source: Source | undefined;
  const a = YEAR_FORM.exec(question);
  const b = a ? null : FORM_YEAR.exec(question);
  if (a) {
    // The year and form words only: "Nike's" in "according to Nike's fiscal 2019 10-K" is the company.
    const start = a.index + a[0].search(new RegExp(YEAR, 'i'));
    spans.push([start, a.index + a[0].length]);
    const lead = /^(?:according to|per|in|from|within|based on|as \w+ in)\s+/i.exec(a[0]);
    if (lead) spans.push([a.index, a.index + lead[0].length]);
    source = { text: a[0], fiscalYear: yearOf(a[1]!), form: formOf(a[2]!) };
  } else if (b) {
    // The form and year words; a company named in between stays the company's.
    const start = b.index + b[0].search(new RegExp(FORM, 'i'));
    spans.push([start, b.index + b[0].length]);
    const lead = /^(?:according to|per|in|from|within|based on)\s+/i.exec(b[0]);
    if (lead) spans.push([b.index, b.index + lead[0].length]);
    source = { text: b[0], fiscalYear: yearOf(b[2]!), form: formOf(b[1]!) };
  }
  const original = ORIGINAL.exec(question);
  const restated = original ? null : RESTATED.exec(question);
  const edition = original ?? restated;
  if (edition) {
    spans.push([edition.index, edition.index + edition[0].length]);
    source = { ...(source ?? { text: edition[0] }), edition: original ? 'original' : 'restated' };
  }
  return source ? { source, spans } : undefined;
}
