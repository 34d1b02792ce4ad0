// Text written into a regular expression as itself: its special characters escaped.
export const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
