// A sentence's amounts, each bound to the clause that holds it. A whole and its parts: "$958.1 million of
// cash and cash equivalents, of which approximately $201.1 million was held in the United States";
// "435 million active accounts, consisting of 400 million consumer active accounts and 35 million
// merchant active accounts"; a list by place or kind, "$35 million in the U.S., $111 million in Europe,
// $121 million in Asia Pacific". Each part answers only for its own name: the words its clause says
// after the amount ("was held in the United States", "in Europe", "merchant active accounts").
import { stem } from './words.js';

/** An amount of money ("$201.1 million") or a count with its scale ("35 million"). */
const AMOUNT = /(\$\s?)?\(?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?\)?(?:\s*(billion|million|thousand)\b)?/g;
const SCALE: Record<string, number> = { billion: 1e9, million: 1e6, thousand: 1e3 };

export interface Amount {
  value: number;
  /** As printed: "$201.1 million". */
  text: string;
  /** Where it starts and ends in the sentence. */
  at: number;
  end: number;
  money: boolean;
  /** Money, or a number with a scale or thousands commas: not a bare "40", which may be a day or a note. */
  grouped: boolean;
}

export interface Part extends Amount {
  /** What its clause says of it after the amount: "was held in the United States", "in Europe". */
  name: string;
  /** What its whole's clause says: "our principal source of liquidity was $958.1 million of cash and cash
   * equivalents"; for parts paired with wholes, its own whole's ("and Finance lease obligations of"). */
  subject: string;
  /** Its name is the noun phrase before its amount ("including a valuation allowance of $22 million"),
   * not the predicate after it. */
  before?: boolean;
  /** The year of its whole, when the wholes are paired with years ("... as of September 30, 2023, 2022,
   * and 2021, respectively, of which, $51.2 million, $43.2 million, and $39.2 million ..."). */
  year?: number;
}

/** Every amount of money and every number that is no year nor a day of a date, in order. */
export function amountsOf(s: string): Amount[] {
  const out: Amount[] = [];
  for (const m of s.matchAll(AMOUNT)) {
    const money = !!m[1];
    const digits = `${m[2]}${m[3] ?? ''}`;
    const grouped = money || !!m[4] || m[2]!.includes(',');
    if (!grouped && (/^(?:19|20)\d\d$/.test(digits) || /\b[A-Z][a-z]{2,8}\.?\s*$/.test(s.slice(Math.max(0, m.index! - 12), m.index!))))
      continue;
    if (/^\s*(?:%|percent\b)/.test(s.slice(m.index! + m[0].length))) continue;
    const value = Number(digits.replace(/,/g, '')) * (m[4] ? SCALE[m[4].toLowerCase()]! : 1) * (m[0].includes('(') && money ? -1 : 1);
    const text = m[0].replace(/^\(|\)$/g, '').trim();
    const at = m.index! + m[0].indexOf(text);
    out.push({ value, text, at, end: at + text.length, money, grouped });
  }
  return out;
}

/** A part's name as stems, dots left out ("U.S." is "us"), a hyphenated word whole ("non-U.S." is no "us"). */
export function nameStems(name: string): string[] {
  return [...name.matchAll(/[A-Za-z][\w.'’&-]*/g)].map((m) =>
    stem(
      m[0]
        .toLowerCase()
        .replace(/\./g, '')
        .replace(/['’]s$/, ''),
    ),
  );
}

// An aside set off by commas: "excluding interest and penalties,".
const ASIDE = /^(?:excluding|including|net of|exclusive of|inclusive of)\b[^,;:]*,\s*$/i;
// Words that open the parts of a whole just stated.
const PARTS_OPEN =
  /(?:,\s*|\(\s*|\s+)(?:of\s+which|of\s+whom|consisting\s+of|comprised\s+of|composed\s+of|made\s+up\s+of|which\s+consisted\s+of|including)[\s,]+/gi;
// Where a clause of parts ends: a closing parenthesis, a semicolon, a new clause of its own subject.
const PARTS_CLOSE = /\)|;|,\s+(?:while|whereas|but|compared)\b|,?\s+and\s+(?:the|our|its|their|we|it|this|these)\b/i;
// A whole a sentence opens on, a date's year in it: "Of the total unrecognized tax benefits at September 30, 2022, ".
const OF_WHOLE = /^Of\s+(?:our|the|its)\s+(?:total\s+)?[a-z][^,;$]{2,80}?(?:,\s*(?:19|20)\d\d)?,\s*(?=(?:approximately\s+)?\$)/i;
// A part in parentheses after its whole: "($264 million of which we borrowed under our credit facility)".
const INNER_PART = /\(\s*(?:approximately\s+|about\s+)?\$?\s?\d[\d,.]*(?:\s*(?:billion|million|thousand))?\s+of\s+which\s+([^()]+)\)/gi;
// A place after an amount: "$111 million in Europe", "$35 million in the U.S.".
const PLACE = /^\s+(?:in|from|within)\s+(?:the\s+)?[A-Z]/;

/** The words after a part's amount up to the next amount or the end of its clause, as its name. */
function nameAfter(s: string, from: number, to: number): string {
  return (
    s
      .slice(from, to)
      .replace(/^[\s,]*(?:respectively[\s,]*)?/i, '')
      // ("8,322 (68%) were located in Asia Pacific": the share beside a count is no part of its name.)
      .replace(/^\(\s*\d[\d.]*\s*%\s*\)\s*/, '')
      .replace(/[\s,;:]*(?:and|or)?[\s,;:]*$/i, '')
      .trim()
      // (The sentence's full stop, not an abbreviation's: "in EMEA." but "in the U.S.".)
      .replace(/(?<![A-Z]\.[A-Z])\.$/, '')
  );
}

/** The words before a part's amount since the one before it, as its name ("a valuation allowance"). */
function nameBefore(s: string, from: number, to: number): string {
  return s
    .slice(from, to)
    .replace(/^[\s,;]*(?:and\s+|or\s+)?/i, '')
    .replace(/\s+(?:of|was|were|totaling|totalling|approximately|about)?\s*$/i, '')
    .trim();
}

/** Where the clause of the amount at `at` begins: after the amount before it or the last clause mark
 * (",", ";", ":") before it ("..., and has net deferred tax assets of $1,799 million": not the income tax
 * expense an earlier clause states). */
function clauseStart(s: string, amounts: Amount[], at: number): number {
  const prior = amounts.filter((a) => a.grouped && a.end <= at).pop()?.end ?? 0;
  const marks = [...s.slice(0, at).matchAll(/[;:]\s|,\s+(?!\d)/g)].map((m) => m.index! + m[0].length);
  // An aside between commas is no clause of its own: "the total amount of gross unrecognized tax
  // benefits, excluding interest and penalties, was $266 million".
  let k = marks.length - 1;
  while (k >= 1 && ASIDE.test(s.slice(marks[k - 1], marks[k]))) k -= 2;
  return Math.max(prior, k >= 0 ? marks[k]! : 0);
}

/** The parts a sentence lists after a whole, each with its name; none when it lists none. */
export function partsOf(s: string): Part[] {
  const amounts = amountsOf(s);
  for (const open of s.matchAll(PARTS_OPEN)) {
    const from = open.index! + open[0].length;
    const close = PARTS_CLOSE.exec(s.slice(from));
    const end = close ? from + close.index : s.length;
    // (A bare number is a part's count only after a count: "13,450 people, of whom ... 551 at our corporate office".)
    const whole = amounts.filter((a) => a.grouped && a.end <= open.index!).pop();
    const inside = amounts.filter((a) => a.at >= from && a.end <= end && (a.grouped || whole?.money === false));
    // Parts of a whole stated before them, in the same kind (money of money, a count of a count).
    if (inside.length === 0 || !whole || inside.some((a) => a.money !== whole.money)) continue;
    // "including a valuation allowance of $22 million": each part's name before its amount when the
    // first is; else after it ("of which $201.1 million was held in the United States").
    // ("including interest and penalties of which $68 million ...": the parts open at "of which".)
    if (/\bof\s+which\b/i.test(s.slice(from, inside[0]!.at))) continue;
    // (A condition is no name: "of which, if recognized, $176 million would impact ...".)
    const first = s.slice(from, inside[0]!.at).replace(/\b(?:approximately|about|nearly|over|some)\b|\bif\s+[a-z]+ed\b/gi, '');
    const named = /[a-z]{3,}/i.test(first)
      ? inside.map((a, i) => ({ ...a, name: nameBefore(s, i === 0 ? from : inside[i - 1]!.end, a.at), before: true }))
      : inside.map((a, i) => ({ ...a, name: nameAfter(s, a.end, inside[i + 1]?.at ?? end) }));
    // A list of parts that share one predicate ("$4.6 billion and $586 million, respectively, are
    // expected to be due ..."): one part of each whole, in order, or none read.
    if (named.length >= 2 && (named.slice(0, -1).every((p) => p.name === '') || /\brespectively\b/i.test(s.slice(from, end))))
      return paired(s, amounts, open.index!, named, named[named.length - 1]!.name);
    return named.map((p) => ({ ...p, subject: s.slice(clauseStart(s, amounts, whole.at), open.index!) }));
  }
  // "$278 million ($264 million of which we borrowed under our credit facility) used to acquire the
  // Codebeamer business": a part in parentheses after its whole in one clause, named by its predicate after
  // "of which"; the whole's clause runs on after the parenthesis.
  for (const m of s.matchAll(INNER_PART)) {
    const open = m.index!;
    const whole = amounts.filter((a) => a.grouped && a.end <= open).pop();
    const part = amounts.find((a) => a.at > open && a.at < open + m[0].length);
    // (The whole's noun phrase may stand between: "a charge of $145 related to ... Russia ($10 of which ...)".)
    if (!whole || !part || /[;:,]/.test(s.slice(whole.end, open)) || part.money !== whole.money) continue;
    const after = s.slice(open + m[0].length);
    const stop = /[;:]|,\s+(?!\d)|\s+(?:while|whereas|but|compared)\b/.exec(after);
    const rest = after.slice(0, stop ? stop.index : after.length).trim();
    const subject = `${s.slice(clauseStart(s, amounts, whole.at), open).trimEnd()} ${rest}`.trim();
    return [{ ...part, name: m[1]!.trim(), subject }];
  }
  // "Of our total employees, 8,322 (68%) were located in Asia Pacific, 2,487 (20%) in the Americas and
  // 1,428 (12%) in EMEA", "Of these, ... 1,259 (36%) based in India": the parts of a count the sentence
  // names or the one before states, each with its own words.
  const lead = /(?:^|[.;]\s+)Of\s+(?:these|them|those|this|which|(?:our|the|its)\s+(?:total\s+)?[a-z][\w\s-]{0,30}?),\s*/i.exec(s);
  if (lead) {
    const inside = amounts.filter((a) => a.at >= lead.index + lead[0].length && !a.money);
    if (inside.length >= 2 && !amounts.some((a) => a.money))
      return inside.map((a, i) => ({
        ...a,
        name: nameAfter(s, a.end, inside[i + 1]?.at ?? s.length),
        subject: s.slice(0, lead.index + lead[0].length),
      }));
  }
  // "Of the total unrecognized tax benefits at September 30, 2022, $40.1 million would impact the
  // effective tax rate, if recognized": the one amount of money after the whole the sentence opens on.
  const ofWhole = OF_WHOLE.exec(s);
  const money = amounts.filter((a) => a.money);
  if (ofWhole && money.length === 1 && money[0]!.at >= ofWhole[0].length) {
    const a = money[0]!;
    return [{ ...a, name: nameAfter(s, a.end, s.length), subject: ofWhole[0] }];
  }
  // A list by place: two or more amounts, each followed by "in <Name>".
  const placed = amounts.filter((a) => a.grouped && PLACE.test(s.slice(a.end)));
  if (placed.length >= 2) {
    return placed.map((a) => {
      const next = amounts.find((b) => b.grouped && b.at > a.end);
      const stop = /[,;]|\s+and\s+(?=\$|\d)/.exec(s.slice(a.end + 1));
      const to = Math.min(next?.at ?? s.length, stop ? a.end + 1 + stop.index : s.length);
      return { ...a, name: nameAfter(s, a.end, to), subject: s.slice(clauseStart(s, amounts, placed[0]!.at), placed[0]!.at) };
    });
  }
  return [];
}

/** Parts listed with one predicate, paired in order with the wholes before them: "Operating lease
 * obligations of $29.8 billion and Finance lease obligations of $1.8 billion, of which $4.6 billion and
 * $586 million, respectively, are expected ..."; the wholes' years too when a list of years follows them. */
function paired(s: string, amounts: Amount[], open: number, parts: Omit<Part, 'subject'>[], predicate: string): Part[] {
  const wholes = amounts.filter((a) => a.grouped && a.end <= open && a.money === parts[0]!.money).slice(-parts.length);
  if (wholes.length !== parts.length) return byName(s.slice(0, open), parts, predicate);
  const subjects = wholes.map((w, i) => s.slice(i === 0 ? 0 : wholes[i - 1]!.end, w.at));
  // Wholes listed side by side ("$79.2 million, $66.8 million, and $70.8 million") share the first's subject.
  const listed = subjects.slice(1).every((t) => /^[\s,]*(?:and\s*)?$/i.test(t));
  const years = [...s.slice(wholes[wholes.length - 1]!.end, open).matchAll(/\b((?:19|20)\d\d)\b/g)].map((m) => Number(m[1]));
  return parts.map((p, i) => ({
    ...p,
    name: predicate,
    subject: listed ? subjects[0]! : subjects[i]!,
    ...(listed && years.length === wholes.length ? { year: years[i]! } : {}),
  }));
}

/** Parts of one whole paired in order with the names their predicate lists ("of which $210 million and
 * $238 million was recognized in the Chicken segment and International/Other, respectively") or with its
 * years ("of which $1.6 billion and $1.5 billion was drawn as of January 31, 2019 and 2018, respectively"),
 * or none. */
function byName(subject: string, parts: Omit<Part, 'subject'>[], predicate: string): Part[] {
  const list = /^(.*?\b(?:in|to|for|from|by|within|of)\s+)(.+?),?\s+respectively\b/i.exec(predicate);
  if (!list) return [];
  // Dates ("was drawn as of January 31, 2019 and 2018, respectively"): each part of its year.
  const years = [...list[2]!.matchAll(/\b((?:19|20)\d\d)\b/g)].map((m) => Number(m[1]));
  if (years.length > 0)
    return years.length === parts.length ? parts.map((p, i) => ({ ...p, name: list[1]!.trim(), subject, year: years[i]! })) : [];
  const names = list[2]!.split(/\s*,\s*(?:and\s+)?|\s+and\s+/i).filter(Boolean);
  if (names.length !== parts.length) return [];
  return parts.map((p, i) => ({ ...p, name: `${list[1]}${names[i]}`, subject }));
}
