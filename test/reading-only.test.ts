// The Reading is the only reader of the question: question/ reads its text once into a Reading
// (question/reading.ts), and the rooms after it, answer/ and evidence/, read the Reading's fields,
// never the text again. Each of their sources is parsed (the TypeScript compiler's syntax tree, so
// comments and strings say what they like) and every way the text reaches code is found: a property
// read `.question` or `.query` (the Reading's text, the request's), an element read `['question']`,
// a destructured `{ question }`, and a parameter, variable or field named `question` or `query` (a
// function handed the text). A Reading's other fields (`words`, `dates`, `nameWords`, ...) are what
// to read instead. Full-text search takes the text in retrieve/, outside these rooms; the model is
// handed it here, the one exception, named below with why.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ENGINE = resolve(__dirname, '../src/engine');
/** The rooms and files that read the Reading and never the question: answer/, evidence/, and the
 * engine's files that make an answer's figures and notices from it. */
const ROOMS = ['answer', 'evidence', 'engine-figures.ts', 'engine-notices.ts'];
/** Names the question's text goes by: the Reading's and a request's `question`, a request's `query`. */
const TEXT_NAMES = new Set(['question', 'query']);

/** Reads allowed, as `file: what` (what `readsOf` says), each with why. */
const ALLOWED: Record<string, string> = {
  // The model answers the question as asked: the request's query is its prompt's question.
  'answer/generate.ts: reads .query': 'the model is handed the question',
  'answer/generate.ts: sets question': 'the model is handed the question',
  // The prompt's question is the user message sent to the model.
  'answer/llm.ts: declares question': "the model's prompt holds the question",
  'answer/llm.ts: reads .question': "the model's prompt holds the question",
};

function filesUnder(dir: string): string[] {
  if (dir.endsWith('.ts')) return [dir];
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p) : p.endsWith('.ts') ? [p] : [];
  });
}

const nameOf = (n: ts.Node | undefined): string | undefined =>
  n && (ts.isIdentifier(n) || ts.isStringLiteralLike(n) || ts.isPrivateIdentifier(n)) ? n.text : undefined;

/** Every read of the question's text in `source`, as "<what> (line N)". */
function readsOf(source: string, file = 'x.ts'): { what: string; line: number }[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const out: { what: string; line: number }[] = [];
  const add = (what: string, at: ts.Node) => out.push({ what, line: sf.getLineAndCharacterOfPosition(at.getStart(sf)).line + 1 });
  const visit = (n: ts.Node): void => {
    // r.question, v.query, input.reading.question
    if (ts.isPropertyAccessExpression(n) && TEXT_NAMES.has(n.name.text)) add(`reads .${n.name.text}`, n);
    // r['question']
    else if (ts.isElementAccessExpression(n) && TEXT_NAMES.has(nameOf(n.argumentExpression) ?? ''))
      add(`reads .${nameOf(n.argumentExpression)}`, n);
    // const { question } = r; ({ query: q }) => ...
    else if (ts.isBindingElement(n) && TEXT_NAMES.has(nameOf(n.propertyName ?? n.name) ?? ''))
      add(`reads .${nameOf(n.propertyName ?? n.name)}`, n);
    // function f(question: string), let query = ..., interface X { question?: string }
    else if (
      (ts.isParameter(n) || ts.isVariableDeclaration(n) || ts.isPropertySignature(n) || ts.isPropertyDeclaration(n)) &&
      TEXT_NAMES.has(nameOf(n.name) ?? '')
    )
      add(`declares ${nameOf(n.name)}`, n);
    // { question: text } handed on
    else if ((ts.isPropertyAssignment(n) || ts.isShorthandPropertyAssignment(n)) && TEXT_NAMES.has(nameOf(n.name) ?? ''))
      add(`sets ${nameOf(n.name)}`, n);
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

/** Every read in the rooms, as "room/file: what (line N)". */
function readsInRooms(): { key: string; at: string }[] {
  return ROOMS.flatMap((room) =>
    filesUnder(join(ENGINE, room)).flatMap((file) => {
      const rel = relative(ENGINE, file).split('\\').join('/');
      return readsOf(readFileSync(file, 'utf8'), file).map((r) => ({ key: `${rel}: ${r.what}`, at: `${rel}:${r.line} ${r.what}` }));
    }),
  );
}

describe('the Reading is the only reader of the question', () => {
  it('finds a planted read of every form, and nothing in comments, strings or other fields (so a read cannot hide)', () => {
    const planted = [
      "import type { Reading } from '../question/reading.js';",
      '// r.question is the text; so is "question" in a comment',
      'export const billions = (r: Reading) => /\\bbillions?\\b/i.test(r.question);',
      'export const list = (r: Reading) => LIST.test(r["question"]);',
      'export function dates({ question }: Reading) { return question.length; }',
      'export const asked = (v: { query: string }) => v.query;',
      'export function unnamed(question: string) { return question.trim(); }',
      'export const hand = (r: Reading) => find({ question: r.words });',
      'export const fine = (r: Reading) => r.inBillions || r.asksList || r.dates.length > 0 || "question" === r.words[0]?.text;',
    ].join('\n');
    expect(readsOf(planted).map((r) => `${r.line} ${r.what}`)).toEqual([
      '3 reads .question',
      '4 reads .question',
      '5 reads .question',
      '6 declares query',
      '6 reads .query',
      '7 declares question',
      '8 sets question',
    ]);
    expect(readsOf(planted.split('\n').slice(-1)[0]!)).toEqual([]);
  });

  it('reads every source of answer/ and evidence/', () => {
    const files = ROOMS.flatMap((room) => filesUnder(join(ENGINE, room)));
    expect(files.length).toBeGreaterThan(60);
    expect(files.some((f) => f.endsWith(join('answer', 'qualitative', 'announcement.ts')))).toBe(true);
    expect(files.some((f) => f.endsWith(join('evidence', 'chains.ts')))).toBe(true);
  });

  it('answer/ and evidence/ read no question text but to hand it to the model', () => {
    const found = readsInRooms();
    expect(found.filter((r) => !(r.key in ALLOWED)).map((r) => r.at)).toEqual([]);
  });

  it('every allowed read is still made (an exception no code needs is taken out)', () => {
    const keys = new Set(readsInRooms().map((r) => r.key));
    expect(Object.keys(ALLOWED).filter((k) => !keys.has(k))).toEqual([]);
  });
});
