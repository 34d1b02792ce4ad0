// The question's words, as the Reading carries them, are read only in question/: answer/, evidence/
// and the engine's own files read the Reading's structured fields (a measure's words and qualifiers, its
// flags, the dates), never its text again (test/helpers/reading-flow.ts follows the text through the
// TypeScript checker's symbols). The model's prompt, which is handed the question as asked, is the one
// exception; the old check of names (reading-only.test.ts) covers the request's text.
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { readingFlow } from './helpers/reading-flow.js';

const ROOT = resolve(__dirname, '..');
const ENGINE = join(ROOT, 'src/engine');
/** The rooms and files that read the Reading: answer/, evidence/ and the engine's top level. */
const inScope = (f: string) => {
  const rel = relative(ENGINE, f).split('\\').join('/');
  return !rel.startsWith('..') && (/^(?:answer|evidence)\//.test(rel) || !rel.includes('/'));
};

function program(extra: Record<string, string> = {}): ts.Program {
  const config = ts.readConfigFile(join(ROOT, 'tsconfig.json'), ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
  const host = ts.createCompilerHost(parsed.options);
  const read = host.readFile;
  host.readFile = (f) => extra[f] ?? read(f);
  const exists = host.fileExists;
  host.fileExists = (f) => f in extra || exists(f);
  return ts.createProgram({ rootNames: [...parsed.fileNames, ...Object.keys(extra)], options: { ...parsed.options, noEmit: true }, host });
}

const at = (r: { file: string; line: number; what: string }) => `${relative(ENGINE, r.file)}:${r.line} ${r.what}`;

describe("the question's words are read only by the Reading", () => {
  it('finds each kind of read planted alone, and no quoting', () => {
    const file = join(ENGINE, 'answer', 'planted-read.ts');
    const planted = [
      "import type { Measure, Reading } from '../question/reading.js';",
      "import type { FigureLine } from './figure-lines.js';",
      'const EARNINGS = /\\bincome\\b/;',
      'export const a = (r: Reading) => EARNINGS.test(r.measures[0]!.text);',
      "export const b = (r: Reading) => r.words.map((w) => w.word).join(' ').split(/\\s+/).length;",
      "export const c = (m: Measure) => m.text.includes('per share');",
      'export function d(m: Measure) { const t = m.text.toLowerCase(); return t === "revenue"; }',
      'export const e = (l: FigureLine) => (l.kind === "value" ? helper(l.input.measure.text) : 0);',
      'function helper(s: string) { return s.search(/margin/); }',
      'export const f = (r: Reading) => new Set(["x"]).has(r.words[0]!.word);',
      'const made = (fn: (s: string) => number) => fn;',
      'export const g = (m: Measure) => stems(m.text);',
      'const stems = made((s) => s.length);',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the planted source quotes a measure's text in a template
      'export const quoted = (m: Measure, r: Reading) => `asked: ${m.text}` + r.words.length + m.words.includes("sales");',
    ].join('\n');
    const found = readingFlow(program({ [file]: planted }), (f) => f === file).map((r) => `${r.line} ${r.what}`);
    expect(found).toEqual([
      "4 test(the question's words)",
      "5 split of the question's words",
      "6 includes of the question's words",
      "7 compares the question's words",
      "9 search of the question's words",
      "10 has(the question's words)",
      "12 hands the question's words to stems",
    ]);
  });

  it('covers answer/, evidence/ and the engine top level, engine-figures.ts among them', () => {
    const files = program()
      .getSourceFiles()
      .filter((sf) => inScope(sf.fileName))
      .map((sf) => relative(ENGINE, sf.fileName));
    expect(files).toContain('engine-figures.ts');
    expect(files).toContain(join('answer', 'figure-answer.ts'));
    expect(files).toContain(join('evidence', 'chains.ts'));
  });

  it('answer/, evidence/ and the engine read no word of the question as written', () => {
    expect(readingFlow(program(), inScope).map(at)).toEqual([]);
  });
});
