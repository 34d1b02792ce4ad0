// A roll-forward's row that states its balance's date: "Goodwill as of October 31, 2023", "Balance at
// December 31, 2022", "Balance, June 30, 2022". The date is the row's period; the words before it its
// label.
// (The month words here, not text/vocabulary.ts: the table model stands on no other room.)
const MONTH =
  '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';
// A balance's date at the end of a label: "as of", "at" or "Balance," before it.
const LABEL_DATE = new RegExp(String.raw`(?:(?<=\bbalances?,?)|\s+as of|\s+at)\s+(${MONTH}\s+\d{1,2},?\s+(?:19|20)\d\d):?$`, 'i');

/** The date a label ends on as a balance's ("Balance as of March 31, 2023"), or undefined. */
export function labelDate(label: string): string | undefined {
  return LABEL_DATE.exec(label.trim())?.[1];
}

/** The label with its balance date taken off: "Goodwill as of October 31, 2023" -> "Goodwill". */
export function undatedLabel(label: string): string {
  const d = LABEL_DATE.exec(label.trim());
  if (!d) return label;
  return label
    .trim()
    .slice(0, d.index)
    .replace(/[\s,]+$/, '')
    .trim();
}
