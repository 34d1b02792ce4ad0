// Figures a sentence states with their years: "Research and development expenses were $771 million,
// $753 million and $719 million in 2022, 2021 and 2020, respectively" -> three (amount, year) pairs.
// Used to learn which way a filing's tables run (segment/column-order.ts) and to answer a figure a
// filing states only in prose (answer/figure-answer.ts).
// "$(183) million": a negative amount printed in parentheses.
const AMOUNT = /\$\s?(\()?(\d{1,3}(?:,\d{3})*(?:\.\d+)?)(?:\)?\s*(billion|million|thousand))?/gi;
const YEAR = /\b((?:19|20)\d\d)\b/g;
const SCALE: Record<string, number> = { billion: 1e9, million: 1e6, thousand: 1e3 };
const WORD: Record<number, string> = { 1e9: 'billion', 1e6: 'million', 1e3: 'thousand' };

export interface Stated {
  amount: number;
  /** As printed: "$771 million". */
  text: string;
  /** Where it is printed in the sentence. */
  at: number;
  /** Half a unit of the last printed digit, scaled: "$12.4 billion" is 12.4e9 ± 0.05e9. */
  tolerance: number;
  year: number;
}

// A dollar amount with one decimal and no scale word ("Depreciation expense was $1,302.7"): no sum of
// whole dollars and cents, so an amount in the scale the filing's statements print. So is a whole amount
// of grouped digits in a filing whose statements print thousands, which writes its prose so ("Sales of
// the Industrial Precision Solutions segment were $1,391,046"); one in millions writes "$1.4 million",
// and its "$250,000" is dollars.
const TENTHS = /^\d{1,3}(?:,\d{3})*\.\d$/;

/** Figures a sentence states with their years, paired in order ("X and Y in 2018 and 2019"); `scale`,
 * the filing's statements', is that of a dollar amount printed in tenths with no scale word (and, in
 * thousands, of a whole amount of grouped digits). */
export function statedFigures(sentence: string, scale = 1): Stated[] {
  const amounts: { amount: number; tolerance: number; text: string; at: number }[] = [];
  for (const m of sentence.matchAll(AMOUNT)) {
    const digits = m[2]!;
    const scale_ = m[3] ? SCALE[m[3].toLowerCase()]! : TENTHS.test(digits) || (scale === 1e3 && digits.includes(',')) ? scale : 1;
    const decimals = digits.includes('.') ? digits.split('.')[1]!.length : 0;
    const amount = Number(digits.replace(/,/g, '')) * scale_ * (m[1] ? -1 : 1);
    // Small bare dollar amounts (per-share figures, prices) say nothing about a table of millions.
    if (Math.abs(amount) < 1e5) continue;
    // (The scale the filing leaves to its statements said: "$1,302.7 million".)
    const text = !m[3] && scale_ !== 1 ? `${m[0].trim()} ${WORD[scale_]}` : m[0].trim();
    amounts.push({ amount, tolerance: (0.5 * scale_) / 10 ** decimals, text, at: m.index! });
  }
  const years = [...sentence.matchAll(YEAR)].map((m) => Number(m[1]));
  if (amounts.length === 0 || years.length === 0) return [];
  // One year: every amount is of that year (the caller decides whether one amount is the one asked).
  if (years.length === 1) return amounts.map((a) => ({ ...a, year: years[0]! }));
  if (years.length === amounts.length) return amounts.map((a, i) => ({ ...a, year: years[i]! }));
  // "Orders of $5,190 million for 2023 decreased 13 percent compared to 2022", "Total orders for 2022
  // were $5,984 million, an increase of 12 percent compared to 2021": one amount, its own year said
  // right after it or right before its verb.
  if (amounts.length !== 1) return [];
  const a = amounts[0]!;
  const after = /^[^.;]{0,3}?\s*(?:for|in|during)\s+(?:fiscal\s+(?:year\s+)?)?((?:19|20)\d\d)\b/i.exec(
    sentence.slice(a.at + a.text.length),
  );
  const before =
    /\b(?:for|in|during)\s+(?:fiscal\s+(?:year\s+)?)?((?:19|20)\d\d)\s+(?:was|were|totaled|amounted to|of)\s+(?:approximately\s+)?$/i.exec(
      sentence.slice(0, a.at),
    );
  const own = after?.[1] ?? before?.[1];
  return own ? [{ ...a, year: Number(own) }] : [];
}
