// A table of an acquired business's assets and liabilities ("The assets and liabilities acquired were as
// follows:", a purchase price allocation): its amounts are not the company's.
export const ACQUIRED =
  /\b(?:assets (?:and liabilities )?acquired|liabilities assumed|(?:allocation of the )?purchase price(?: allocation)?|net assets acquired)\b/i;
