// Words that narrow a figure to a part of the company (issue 10: no confident wrong total). Found in
// the question as analysts write it; the answer then takes a row that names them, or says the
// evidence does not state it.
import { describe, expect, it } from 'vitest';
import { analyzeQuery } from '../../src/engine/question/analyze.js';

const narrowers = (q: string, company: string[] = []) => analyzeQuery(q, company).narrowers;

describe('narrowing words', () => {
  it.each<[string, string[], string[]]>([
    ['How much revenue did Cencora get from Walgreens in fiscal 2023?', ['Cencora'], ['walgreens']],
    ['How much revenue did Netflix make in Brazil in 2015?', ['Netflix'], ['brazil']],
    ["How much revenue did Verizon's 5G service generate in 2022?", ["Verizon's"], ['5g']],
    ['netflix revenue from brazil 2015', ['netflix'], ['brazil']],
    ['How much Windows 10 revenue did Microsoft defer in fiscal 2016?', ['Microsoft'], ['windows']],
  ])('%s', (q, company, expected) => {
    expect(narrowers(q, company)).toEqual(expected);
  });

  it('leaves the company total alone when nothing narrows it', () => {
    for (const q of [
      "What was Apple's total net sales in fiscal 2024?",
      'How much revenue did Netflix report for 2017?',
      'Microsoft total revenue FY2023',
      'What was 3M capital expenditure in FY2018?',
      'What were MGM Resorts total revenues in the second quarter of 2023?',
      'revenue in the quarter ended March 31, 2023',
      'What was the operating income in USD millions for FY 2022?',
      'What was GAAP net income of the company in fiscal year 2021?',
    ]) {
      expect(narrowers(q, ['Apple', 'Netflix', 'Microsoft', '3M', 'MGM Resorts']), q).toEqual([]);
    }
  });
});
