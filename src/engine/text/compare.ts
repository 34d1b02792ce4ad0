// Ordinal string order, for ids, tickers, fiscal years and dates (ASCII). Not localeCompare: its first
// call loads ICU's collation data, about 8 ms of every cold query.
export const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
