// What an amount in an answer's arithmetic counts. Percentages are fractions here (12.5% is 0.125); a
// change of a percentage is in percentage points.

/** What an amount counts, as written out. */
export type AmountUnit = 'money' | 'per_share' | 'shares' | 'percent' | 'ratio' | 'number' | 'days' | 'times' | 'points';
