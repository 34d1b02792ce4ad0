// A rejected value as an error message quotes it: JSON cut to 100 characters (a 60 KB string is not
// echoed back), and numbers JSON cannot write as what they are (1e309 parses to Infinity, which
// JSON.stringify would show as null).
const MAX_SHOWN = 100;

export function shown(v: unknown): string {
  if (typeof v === 'number' && !Number.isFinite(v)) {
    return Number.isNaN(v) ? 'NaN' : `a number out of range (${v > 0 ? '' : '-'}1e309 or beyond)`;
  }
  const text = JSON.stringify(v) ?? String(v);
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}... (${text.length} characters)` : text;
}
