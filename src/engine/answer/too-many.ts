// A question asking more figures than one answer looks for (limits.ts MAX_FIGURES): how many it asks,
// by companies, measures and years, and what to ask instead.
import type { FigureLine } from './figure-lines.js';

const count = (k: number, one: string, many: string) => `${k} ${k === 1 ? one : many}`;

export function tooManyText(l: Extract<FigureLine, { kind: 'too-many' }>): string {
  const { companies, measures, years } = l.asked;
  return (
    `This asks for ${(companies * measures * years).toLocaleString('en-US')} figures (${count(companies, 'company', 'companies')}, ` +
    `${count(measures, 'measure', 'measures')}, ${count(years, 'year', 'years')}); one answer states at most ${l.limit}, so none ` +
    'is given: ask for fewer companies, measures or years.'
  );
}
