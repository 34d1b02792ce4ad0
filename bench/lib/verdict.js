// The battery's verdict: reads an answer the way a demanding analyst does. Plain JS so that both the
// vitest battery (TypeScript, not compiled) and bench/battery.js (run on dist/) import the same code.
//
// A figure question is judged on the FIRST figure the answer states of the kind asked (a percentage
// for a margin, an amount for revenue, a ratio for a current ratio); years, dates, source ids,
// footnote markers, operands of a shown computation and digits inside labels ("3M", "Tier 1",
// "401(k)", "COVID-19", "10-K") are not figures. An answer that says it cannot answer before stating
// any figure abstains; an answer that states no figure and does not say so is a non-answer (wrong).

/** Phrases by which an answer declines: it cannot, the filing does not state it, no such company. */
const ABSTAIN = [
  /\bno data found\b/i,
  /\b(?:cannot|can ?not|can't|unable to|could not|couldn't)\b[^.]{0,60}?\b(?:answer|determin|find|found|comput|calculat|stat|giv|provid|identif|locat|deriv)\w*/i,
  /\b(?:does|do|did|is|are)(?: not|n't)\b[^.]{0,30}?\b(?:state|disclose|report|include|contain|provide|give|show|break out|present|have|list)\w*/i,
  /\bnot (?:stated|disclosed|reported|available|found|given|provided|shown|covered|included|broken out|present)\b/i,
  /\bnot (?:in|part of) (?:the|this|your) (?:local )?(?:index|corpus|sample)\b/i,
  /\bno (?:filings?|data|evidence|figure|information|value)\b/i,
  /\b(?:not enough|insufficient) (?:information|evidence|data)\b/i,
];

const MONTHS =
  'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';
/** Words after which a number names a thing rather than measures it ("Tier 1", "Note 7", "Item 7"). */
const LABEL_WORD =
  /(?:\b(?:tier|level|class|series|note|item|part|section|rule|phase|stage|chapter|topic|asc|asu|schedule|exhibit|form|no\.|fy|q|sfas|ias|ifrs|article|title)|s&p)\s*$/i;
const SCALES = {
  thousand: 1e3,
  thousands: 1e3,
  k: 1e3,
  million: 1e6,
  millions: 1e6,
  mn: 1e6,
  mm: 1e6,
  m: 1e6,
  billion: 1e9,
  billions: 1e9,
  bn: 1e9,
  b: 1e9,
  trillion: 1e12,
  tn: 1e12,
  t: 1e12,
};

/** Removes citations ("[A]", "[B, C]"), whose letters and numbers are not part of the answer. */
function stripCitations(text) {
  return text.replace(/\[[^\]]{0,40}\]/g, ' ');
}

/**
 * The figures an answer states, in order, each with its value (sign dropped), scale word, kind and
 * the number of significant digits it was printed with.
 * @param {string} raw
 */
export function figures(raw) {
  const text = stripCitations(raw);
  const out = [];
  const re = /(\$\s*)?(\(\s*)?(-|−)?(\d[\d,]*(?:\.\d+)?)/g;
  for (let m; (m = re.exec(text)); ) {
    const start = m.index;
    const numStart = start + m[0].length - m[4].length;
    const end = start + m[0].length;
    const digits = m[4].replace(/,+$/, '');
    const before = text.slice(Math.max(0, numStart - 24), numStart);
    const after = text.slice(numStart + digits.length, numStart + digits.length + 40);
    const dollar = Boolean(m[1]) || /\$\s*\(?\s*$/.test(before);
    // Digits inside a word or a code: 3M, CET1, FY2023, Q2, 10-K, COVID-19, 1st, 401(k), 52-week.
    if (/[A-Za-z]$/.test(text.slice(0, numStart)) || /[A-Za-z]-$/.test(before)) continue;
    if (/^\(k\)/i.test(after) || /^-[A-Za-z]/.test(after)) continue;
    if (/^(?:st|nd|rd|th)\b/i.test(after)) continue;
    if (!dollar && /^[A-Za-z]/.test(after) && !/^(?:x\b|bn\b|mn\b|%)/i.test(after)) continue;
    if (LABEL_WORD.test(before)) continue;
    // Dates: "September 30, 2023", "30 June", "2023-09-30", "9/30/2023".
    if (new RegExp(`\\b(?:${MONTHS})\\.?\\s*$`, 'i').test(before) || new RegExp(`^\\s*(?:${MONTHS})\\b`, 'i').test(after)) continue;
    if (/^[-/]\d{1,2}[-/]\d{2,4}/.test(after) || /\d{1,4}[-/]$/.test(before)) continue;
    const value = Number(digits.replace(/,/g, ''));
    if (!Number.isFinite(value)) continue;
    const unitText = after.replace(/^\s*\)?\s*/, '');
    const scaleWord = /^(thousands?|millions?|billions?|trillion|mn|mm|bn|tn|[kmbt])\b/i.exec(unitText)?.[1]?.toLowerCase();
    // A bare m/b/k only counts after a dollar sign ("$3M" is money, "3M" is a company).
    const scale = scaleWord && (scaleWord.length > 1 || dollar) ? SCALES[scaleWord] : undefined;
    const percent = /^(?:%|percent\b|per cent\b|pct\b)(?!\s*points?\b)/i.test(unitText);
    // A change in points ("up 1.4 percentage points", "200 basis points") is not a level.
    const points = /^(?:(?:percentage |basis )?points?\b|pts?\b|bps\b|% points?\b|percent points?\b)/i.test(unitText);
    // A year: four digits 1900-2099 with no comma, decimals, dollar sign, scale or percent.
    if (/^(?:19|20)\d\d$/.test(digits) && !dollar && !scale && !percent && !points) continue;
    // A footnote marker "(1)" (a one- or two-digit negative amount would carry a unit or a dollar sign).
    if (m[2] && /^\d{1,2}$/.test(digits) && /^\)/.test(after) && !dollar && !/^\)\s*(?:%|[a-z]*illion|thousand|bn\b|mn\b)/i.test(after))
      continue;
    // Coupon rates inside a debt label: "2.450% notes", "4.00% senior notes".
    if (percent && /^%\s*(?:senior\s+|unsecured\s+|convertible\s+)*(?:notes?|debentures?|bonds?)\b/i.test(unitText)) continue;
    const times = /^(?:x\b|×|times\b)/i.test(unitText);
    const days = /^days?\b/i.test(unitText);
    const perShare =
      /^(?:\)\s*)?(?:(?:millions?|billions?)\s+)?(?:per (?:diluted |basic |common )?share|a share|per diluted common share)\b/i.test(
        unitText,
      ) ||
      /\beps\W{0,3}(?:of|was|were|is)?\s*\$?\s*$/i.test(before) ||
      /\bper share\s*(?:(?:[-:=]|of|was|were|is)\s*){1,2}\$?\s*$/i.test(before);
    // Operands of a computation shown in the answer ("184,257 / 104,149 = 1.77"): not the result.
    const operand =
      /^\s*(?:[a-z]+\s+){0,2}\)?\s*(?:[/÷×*+]|[-−–]\s)\s*\$?\(?\d/i.test(unitText) || /(?:[/÷×*+]|\s[-−–]\s)\s*\$?\s*\(?\s*$/.test(before);
    const sig = digits.replace(/[,.]/g, '').replace(/^0+/, '').length;
    out.push({
      value,
      scale,
      dollar,
      percent,
      points,
      times,
      days,
      perShare,
      operand,
      sig,
      decimals: digits.includes('.') ? digits.split('.')[1].length : 0,
      index: start,
      end,
    });
  }
  return out;
}

/** Where the answer first declines, or -1. */
export function abstainsAt(text) {
  let at = -1;
  for (const re of ABSTAIN) {
    const m = re.exec(text);
    if (m && (at < 0 || m.index < at)) at = m.index;
  }
  return at;
}

/** The first figure of the kind the expected unit asks for (results of a shown computation, not its operands). */
function pick(figs, unit) {
  const plain = (f) => !f.percent && !f.points && !f.dollar && !f.scale && !f.days;
  const kinds = {
    percent: (f) => f.percent,
    million: (f) => !f.percent && !f.points && !f.times && !f.days && !f.perShare,
    per_share: (f) => f.perShare || (!f.percent && !f.points && !f.times && !f.days && !f.scale),
    ratio: plain,
    times: (f) => f.times || plain(f),
    days: (f) => f.days || plain(f),
    count: (f) => !f.percent && !f.points && !f.dollar && !f.times,
  };
  const ok = kinds[unit === 'billion' || unit === 'thousand' ? 'million' : unit] ?? (() => true);
  const results = figs.filter((f) => !f.operand);
  return results.find(ok) ?? figs.find(ok) ?? results[0] ?? figs[0];
}

/**
 * What the answer states first: its leading paragraph when that states any figure (what follows a
 * blank line, such as quoted context, is support, not the answer), else the whole text.
 */
function leading(text) {
  const cut = text.search(/\n\s*\n/);
  if (cut < 0) return text;
  const head = text.slice(0, cut);
  return figures(head).length ? head : text;
}

const SCALE_OF = { thousand: 1e3, million: 1e6, billion: 1e9 };

/** The values a figure may stand for in the expected unit (a bare amount may be in millions or thousands). */
function readings(f, unit) {
  if (unit === 'million' || unit === 'billion' || unit === 'thousand') {
    const per = SCALE_OF[unit];
    if (f.scale) return [(f.value * f.scale) / per];
    // No scale word: the unit asked for, or a statement cell in millions (asked in billions) or in
    // the filing's thousands (asked in millions); asked in thousands, a cell in thousands or millions.
    return unit === 'thousand' ? [f.value, f.value * 1e3] : [f.value, f.value / 1e3];
  }
  if (unit === 'percent' && !f.percent) return [f.value * 100];
  if ((unit === 'per_share' || unit === 'ratio' || unit === 'times' || unit === 'days' || unit === 'count') && f.scale)
    return [f.value * f.scale];
  return [f.value];
}

/** Within tolerance, or within the rounding of the printed digits (at most 2%, two digits or more). */
function matches(f, reading, gold, tolerance) {
  const diff = Math.abs(Math.abs(reading) - Math.abs(gold));
  if (diff <= tolerance * Math.abs(gold) + 1e-9) return true;
  if (f.sig < 2) return false;
  const halfUnit = (0.5 * 10 ** -f.decimals * reading) / (f.value || 1);
  return diff <= Math.min(Math.abs(halfUnit), 0.02 * Math.abs(gold));
}

/**
 * @param {string} answer the answer text
 * @param {import('./verdict.js').Expect} expect
 * @returns {'right' | 'wrong' | 'abstained'}
 */
export function verdict(answer, expect) {
  const text = answer ?? '';
  const figs = figures(text);
  const declines = abstainsAt(stripCitations(text));
  // An answer that neither gives what was asked nor says it cannot is a non-answer: wrong.
  if ('not_in_index' in expect) return !figs.length && declines >= 0 ? 'right' : 'wrong';
  if ('abstain' in expect) return declines >= 0 && (!figs.length || declines < figs[0].index) ? 'right' : 'wrong';
  if ('mentions' in expect) {
    const lower = text.toLowerCase();
    if (expect.mentions.every((w) => lower.includes(w.toLowerCase()))) return 'right';
    return declines >= 0 ? 'abstained' : 'wrong';
  }
  const stated = leading(text);
  const f = pick(figures(stated), expect.unit);
  if (declines >= 0 && (!f || declines < f.index)) return 'abstained';
  if (!f) return 'wrong';
  // A count (customers, gallons, stores) stated as money is wrong whatever its digits.
  if (expect.unit === 'count' && f.dollar) return 'wrong';
  return readings(f, expect.unit).some((r) => matches(f, r, expect.figure, expect.tolerance)) ? 'right' : 'wrong';
}
