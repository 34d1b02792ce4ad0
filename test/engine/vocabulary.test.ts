// The vocabulary every room reads the same way (src/engine/text/vocabulary.ts): months by any spelling,
// stop words, growth words.
import { describe, expect, it } from 'vitest';
import {
  GROWTH_WORDS,
  MONTH_NUMBER,
  MONTH_START,
  MONTH_WORD,
  monthNumber,
  NAME_STOP_WORDS,
  STOP_WORDS,
} from '../../src/engine/text/vocabulary.js';

describe('months', () => {
  it.each<[string, number]>([
    ['January', 1],
    ['feb', 2],
    ['May', 5],
    ['Sept', 9],
    ['september', 9],
    ['DECEMBER', 12],
    ['Smarch', 0],
  ])('%s is month %d', (name, n) => {
    expect(monthNumber(name)).toBe(n);
  });

  it('numbers the abbreviations, "sept" too', () => {
    expect(MONTH_NUMBER.sept).toBe(9);
    expect(MONTH_NUMBER.jan).toBe(1);
    expect(MONTH_NUMBER.dec).toBe(12);
  });

  it('reads a month written out or abbreviated, as its alternations say', () => {
    const word = new RegExp(`^(?:${MONTH_WORD})$`, 'i');
    for (const m of ['Jan', 'January', 'June', 'Jun', 'July', 'Sep', 'Sept', 'September', 'Dec']) expect(word.test(m)).toBe(true);
    for (const m of ['Janu', 'Sepember', 'Mayday']) expect(word.test(m)).toBe(false);
    expect(new RegExp(`^(?:${MONTH_START})[a-z]*$`, 'i').test('Octobre')).toBe(true);
  });
});

describe('words', () => {
  it('holds stop words, name-matching function words and growth words', () => {
    expect(STOP_WORDS.has('the') && STOP_WORDS.has('fiscal') && !STOP_WORDS.has('revenue')).toBe(true);
    expect(NAME_STOP_WORDS.has('of') && !NAME_STOP_WORDS.has('fiscal')).toBe(true);
    expect(GROWTH_WORDS.has('grew') && GROWTH_WORDS.has('versus') && !GROWTH_WORDS.has('revenue')).toBe(true);
  });
});
