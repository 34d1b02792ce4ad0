// Words the linker reads as no company: English words filings use (company-words.json), finance
// abbreviations and business prose that share a ticker's shape, and places and surnames that begin other
// companies' names (link.ts).
import wordData from './company-words.json' with { type: 'json' };

export const COMMON = new Set(wordData.common);
export const FREQUENT = new Set(wordData.frequent);
export const PROPER = new Set(wordData.proper);
export const CONFUSABLE = new Set(wordData.confusable);
export const isWord = (w: string) => COMMON.has(w) || PROPER.has(w);

// Abbreviations of finance that are also tickers or name words: never a company in lower case.
export const FINANCE_WORDS = new Set([
  'eps',
  'roe',
  'roa',
  'roi',
  'ceo',
  'cfo',
  'coo',
  'gaap',
  'ebit',
  'ebitda',
  'capex',
  'fcf',
  'sga',
  'dso',
  'dpo',
  'dio',
  'ocf',
  'yoy',
  'ttm',
  'ltm',
  'ipo',
  'esg',
  'usd',
  'pe',
  'fy',
  'q1',
  'q2',
  'q3',
  'q4',
  'cogs',
  'nii',
  'opex',
  'etr',
  'kpi',
  'sec',
  'mda',
  'md&a',
  'r&d',
  'sg&a',
  'd&a',
  'pp&e',
]);

// Two-letter abbreviations of business prose that are also tickers' shapes: never a lower-case ticker.
export const ABBREVIATIONS = new Set([
  'ai',
  'ar',
  'ap',
  'hr',
  'ip',
  'ir',
  'pr',
  'ev',
  'eu',
  'uk',
  'tv',
  'pc',
  'ok',
  'id',
  'vp',
  'rd',
  'os',
  'ui',
  'ux',
  'qa',
  'ad',
  'am',
  'no',
]);

// Places that begin a company's name ("Illinois Tool Works"): a question names them as places; and
// surnames another company's name shares ("J.P. Morgan", "Hewlett-Packard" of HP Inc., The Williams
// Companies).
export const PLACES = new Set([
  'morgan',
  'hewlett',
  'williams',
  'illinois',
  'minnesota',
  'norfolk',
  'dover',
  'essex',
  'erie',
  'cincinnati',
  'boston',
  'texas',
  'america',
  'american',
  'york',
  'toledo',
  'vegas',
  'caribbean',
  'mexican',
  'hartford',
]);
