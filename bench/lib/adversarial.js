// Questions made to cost the engine as much as their 4,000 characters can: the shapes of issue 44.1
// (one letter repeated, two letters alternating, zero-width joiners, nonsense words, "a.a.a.",
// "1.1.1.", "1-1-1-", a 200-letter word repeated) and others of the same family (runs of punctuation,
// quoted phrases, tickers, years, lists of line items, grids of companies, measures and years, names
// with an "and", operation words over blanked text, scripts other than Latin, emoji, right-to-left
// marks). Shared by test/robustness/adversarial.test.ts and bench/adversarial-questions.js; the same
// text every run (a seeded generator).

const MAX = 4000;

/** `unit` repeated to `n` characters, trimmed. */
const fill = (unit, n = MAX) =>
  unit
    .repeat(Math.ceil(n / unit.length))
    .slice(0, n)
    .trim();

/** A small seeded generator (the same questions every run). */
function seeded(seed) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Pronounceable words no filing prints, to `n` characters. */
function nonsense(n, seed = 7) {
  const r = seeded(seed);
  const pick = (s) => s[Math.floor(r() * s.length)];
  const words = [];
  while (words.join(' ').length < n) {
    let w = '';
    for (let k = 2 + Math.floor(r() * 4); k > 0; k--) w += pick('bcdfghjklmnpqrstvwxz') + pick('aeiou');
    words.push(w);
  }
  return words.join(' ').slice(0, n).trim();
}

function letters(n, seed = 3) {
  const r = seeded(seed);
  let w = '';
  while (w.length < n) w += 'abcdefghijklmnopqrstuvwxyz'[Math.floor(r() * 26)];
  return w;
}

const ITEMS = [
  'revenue',
  'net income',
  'operating income',
  'gross profit',
  'total assets',
  'total liabilities',
  'capital expenditures',
  'free cash flow',
  'cash and cash equivalents',
  'inventory',
  'accounts receivable',
  'long-term debt',
  'research and development expense',
  'dividends paid',
  'share repurchases',
  'depreciation and amortization',
  'operating cash flow',
  'goodwill',
  'interest expense',
  'income tax expense',
];
const COMPANIES = ['Apple', 'Microsoft', 'Walmart', 'Pfizer', 'Boeing', 'Amazon', 'Nike', '3M', 'Costco', 'Netflix'];

/** Each shape: its name, the question, and whether issue 44.1 names it. */
export const ADVERSARIAL = [
  { name: 'one letter x4,000', issue: true, question: 'a'.repeat(MAX) },
  { name: 'one letter x1,000', issue: true, question: 'a'.repeat(1000) },
  { name: 'two letters alternating', issue: true, question: fill('ab') },
  { name: 'a letter and zero-width joiners', issue: true, question: fill('a\u200d') },
  { name: 'nonsense words (4,000 characters)', issue: true, question: nonsense(MAX) },
  // (Words of their own: a warm engine has looked up those of the others.)
  { name: 'nonsense words (100 of them)', issue: true, question: nonsense(MAX, 17).split(' ').slice(0, 100).join(' ') },
  { name: '"a. a. a. ..."', issue: true, question: fill('a. ') },
  { name: '"a.a.a. ..."', issue: true, question: fill('a.') },
  { name: '"1.1.1.1. ..."', issue: true, question: fill('1.') },
  { name: '"1-1-1- ..."', issue: true, question: fill('1-') },
  { name: 'a 200-letter word repeated', issue: true, question: fill(`${letters(200)} `) },
  {
    name: 'a question, then nonsense',
    issue: true,
    question: `What was Apple's revenue in fiscal 2022? ${nonsense(MAX, 19)}`.slice(0, MAX),
  },
  { name: 'a run of punctuation', question: fill('!?.,;:') },
  { name: 'quoted phrases', question: fill('"revenue growth" ') },
  {
    name: 'quoted nonsense words',
    question: fill(
      nonsense(MAX, 11)
        .split(' ')
        .map((w) => `"${w}" `)
        .join(''),
    ),
  },
  { name: 'tickers', question: fill('AAPL MSFT NVDA ') },
  { name: 'years', question: fill('2019 2020 2021 2022 ') },
  { name: 'years, then "vs"', question: `${fill('2019 ', 2000)} ${fill('vs ', 2000)}` },
  { name: 'a list of line items, again and again', question: fill('revenue, net income, capex, and ') },
  {
    name: '"X and Y" names of one company',
    question: `Apple's ${fill(nonsense(MAX, 13).replace(/(\S+) (\S+)/g, '$1 and $2'))}`.slice(0, MAX),
  },
  {
    name: 'every line item, ten companies, nine years',
    question: `What were the ${ITEMS.join(', ')} of ${COMPANIES.join(', ')} in fiscal 2015, 2016, 2017, 2018, 2019, 2020, 2021, 2022 and 2023?`,
  },
  { name: 'a share asked over blanks', question: fill('what percentage of excluding ') },
  { name: 'a difference asked over blanks', question: fill('how much more excluding ') },
  { name: 'a change asked, then years', question: `${fill('by how much did ', 2000)} ${fill('2019 ', 2000)}` },
  { name: 'many typos of finance words', question: fill('revnue earnigs operatng incme expendtures ') },
  { name: 'accented letters', question: fill('é') },
  { name: 'Arabic words', question: fill('الإيرادات ') },
  { name: 'emoji', question: fill('😀') },
  { name: 'a letter and right-to-left marks', question: fill('a\u200f') },
];
