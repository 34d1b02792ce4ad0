// Where the question's own words, as the Reading carries them, are read again: a data flow over the
// TypeScript checker's symbols. A source is a field of the Reading that holds the question's text as
// written (Reading.question, Measure.text, WordUse.word and .text, Operation.text and its rank's,
// Source.text); what is made of one (a variable set from it, a parameter handed it, a callback over
// its elements, its lower case, a slice, a join, a template holding it) carries it too. A read is
// matching, searching, splitting or comparing such a string: a regular expression's test or exec of it,
// its match, search, split, includes, startsWith, endsWith, indexOf, replace, an equality or a Set's or
// Map's look-up of it. Quoting it in an answer (a template, a concatenation) is no read. The Reading's
// structured fields (a measure's words and qualifiers, nameWords, dates, flags) are what to read.
import ts from 'typescript';

/** The fields of the Reading's types that hold the question's words as written. */
const SOURCE_FIELDS: Record<string, readonly string[]> = {
  Reading: ['question'],
  Measure: ['text'],
  WordUse: ['word', 'text'],
  Operation: ['text'],
  Source: ['text'],
};

/** Methods whose result carries their receiver's text (or its elements). */
const CARRY = new Set([
  'toLowerCase',
  'toUpperCase',
  'toLocaleLowerCase',
  'trim',
  'trimStart',
  'trimEnd',
  'slice',
  'substring',
  'normalize',
  'concat',
  'map',
  'filter',
  'flatMap',
  'join',
  'at',
  'find',
  'flat',
  'reverse',
  'sort',
  'padEnd',
  'padStart',
]);
/** Methods that read their receiver: matching, searching, splitting, comparing. */
const READ_RECEIVER = new Set([
  'match',
  'matchAll',
  'search',
  'split',
  'includes',
  'startsWith',
  'endsWith',
  'indexOf',
  'lastIndexOf',
  'replace',
  'replaceAll',
  'localeCompare',
]);
/** Methods that read their first argument: a pattern's test and exec, a look-up, a comparison. */
const READ_ARGUMENT = new Set(['test', 'exec', 'has', 'get', 'includes', 'indexOf', 'localeCompare', 'startsWith', 'endsWith']);
/** Callbacks whose first parameter is an element of the array they are called on. */
const ELEMENT_CALLBACKS = new Set(['map', 'filter', 'flatMap', 'find', 'findIndex', 'some', 'every', 'forEach', 'reduce', 'sort']);

export interface FlowRead {
  file: string;
  line: number;
  what: string;
}

/** The reads of the question's words in the files `inScope` selects, over `program`. */
export function readingFlow(program: ts.Program, inScope: (fileName: string) => boolean): FlowRead[] {
  const checker = program.getTypeChecker();
  const files = program.getSourceFiles().filter((sf) => !sf.isDeclarationFile && inScope(sf.fileName));
  const tainted = new Set<ts.Symbol>();

  const symbolOf = (n: ts.Node): ts.Symbol | undefined => {
    const s = checker.getSymbolAtLocation(n);
    return s && s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s;
  };

  /** A field a source type declares (its own, or a type literal's inside it: Operation's rank.text). */
  const isSourceField = (sym: ts.Symbol | undefined): boolean =>
    (sym?.declarations ?? []).some((d) => {
      if (!ts.isPropertySignature(d) || !/question[\\/]reading\.ts$/.test(d.getSourceFile().fileName)) return false;
      let owner: ts.Node | undefined = d.parent;
      while (owner && !ts.isInterfaceDeclaration(owner) && !ts.isTypeAliasDeclaration(owner)) owner = owner.parent;
      const name = owner && (ts.isInterfaceDeclaration(owner) || ts.isTypeAliasDeclaration(owner)) ? owner.name.text : '';
      return (SOURCE_FIELDS[name] ?? []).includes(nameOfNode(d.name));
    });

  const carries = (e: ts.Expression | undefined): boolean => {
    if (!e) return false;
    if (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isNonNullExpression(e) || ts.isSatisfiesExpression(e))
      return carries(e.expression);
    if (ts.isIdentifier(e)) {
      const s = symbolOf(e);
      return !!s && tainted.has(s);
    }
    if (ts.isPropertyAccessExpression(e)) return isSourceField(symbolOf(e.name));
    if (ts.isElementAccessExpression(e)) return carries(e.expression);
    if (ts.isCallExpression(e) && ts.isPropertyAccessExpression(e.expression)) {
      const m = e.expression.name.text;
      if (CARRY.has(m) && carries(e.expression.expression)) return true;
      // words.map((w) => w.word): the callback's result carries the text.
      const cb = e.arguments[0];
      if ((m === 'map' || m === 'flatMap') && cb && (ts.isArrowFunction(cb) || ts.isFunctionExpression(cb)) && returnsCarried(cb))
        return true;
      if (m === 'from' && e.arguments.some(carries)) return true;
    }
    if (ts.isTemplateExpression(e)) return e.templateSpans.some((s) => carries(s.expression));
    if (
      ts.isBinaryExpression(e) &&
      (e.operatorToken.kind === ts.SyntaxKind.PlusToken ||
        e.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken ||
        e.operatorToken.kind === ts.SyntaxKind.BarBarToken)
    )
      return carries(e.left) || carries(e.right);
    if (ts.isConditionalExpression(e)) return carries(e.whenTrue) || carries(e.whenFalse);
    if (ts.isArrayLiteralExpression(e)) return e.elements.some((x) => carries(ts.isSpreadElement(x) ? x.expression : x));
    return false;
  };
  const returnsCarried = (fn: ts.ArrowFunction | ts.FunctionExpression): boolean => {
    if (!ts.isBlock(fn.body)) return carries(fn.body);
    let found = false;
    const look = (n: ts.Node): void => {
      if (ts.isReturnStatement(n) && carries(n.expression)) found = true;
      else if (!ts.isFunctionLike(n)) ts.forEachChild(n, look);
    };
    ts.forEachChild(fn.body, look);
    return found;
  };

  const taint = (n: ts.Node | undefined): boolean => {
    const s = n && symbolOf(n);
    if (!s || tainted.has(s)) return false;
    tainted.add(s);
    return true;
  };

  // Propagate to a fixed point: variables, destructured fields, parameters handed a carried value,
  // callbacks over a carried array.
  for (let changed = true; changed; ) {
    changed = false;
    for (const sf of files) {
      const visit = (n: ts.Node): void => {
        if (ts.isVariableDeclaration(n) && n.initializer && carries(n.initializer) && ts.isIdentifier(n.name))
          changed = taint(n.name) || changed;
        if (ts.isBindingElement(n) && ts.isIdentifier(n.name)) {
          const field = n.propertyName ?? n.name;
          const pattern = n.parent;
          const decl = pattern.parent;
          const whole = ts.isVariableDeclaration(decl) ? decl.initializer : undefined;
          const type = checker.getTypeAtLocation(pattern);
          const prop = ts.isIdentifier(field) ? type.getProperty(field.text) : undefined;
          if (isSourceField(prop) || (whole && carries(whole) && ts.isArrayBindingPattern(pattern))) changed = taint(n.name) || changed;
        }
        if (ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isIdentifier(n.left) && carries(n.right))
          changed = taint(n.left) || changed;
        if (ts.isForOfStatement(n) && carries(n.expression)) {
          const d = n.initializer;
          if (ts.isVariableDeclarationList(d))
            for (const v of d.declarations) if (ts.isIdentifier(v.name)) changed = taint(v.name) || changed;
        }
        if (ts.isCallExpression(n)) {
          // A callback over a carried array: its element parameter carries the text.
          if (
            ts.isPropertyAccessExpression(n.expression) &&
            ELEMENT_CALLBACKS.has(n.expression.name.text) &&
            carries(n.expression.expression)
          ) {
            const cb = n.arguments[0];
            if (cb && (ts.isArrowFunction(cb) || ts.isFunctionExpression(cb))) {
              const p = cb.parameters[n.expression.name.text === 'reduce' ? 1 : 0];
              if (p && ts.isIdentifier(p.name)) changed = taint(p.name) || changed;
            }
          }
          // A function of these files handed a carried value: its parameter carries it.
          const callee = symbolOf(ts.isPropertyAccessExpression(n.expression) ? n.expression.name : n.expression);
          const fn = callee?.declarations?.find(
            (d): d is ts.FunctionLikeDeclaration =>
              (ts.isFunctionDeclaration(d) || ts.isMethodDeclaration(d) || ts.isArrowFunction(d) || ts.isFunctionExpression(d)) &&
              inScope(d.getSourceFile().fileName),
          );
          const fnOf = fn ?? functionOfVariable(callee);
          if (fnOf)
            n.arguments.forEach((a, i) => {
              const p = fnOf.parameters[i];
              if (p && ts.isIdentifier(p.name) && carries(a)) changed = taint(p.name) || changed;
            });
        }
        ts.forEachChild(n, visit);
      };
      visit(sf);
    }
  }

  /** `const f = (x) => ...` declared in scope: the arrow function. */
  function functionOfVariable(sym: ts.Symbol | undefined): ts.FunctionLikeDeclaration | undefined {
    const d = sym?.declarations?.[0];
    if (!d || !ts.isVariableDeclaration(d) || !inScope(d.getSourceFile().fileName)) return undefined;
    const init = d.initializer;
    return init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) ? init : undefined;
  }

  // The reads.
  const out: FlowRead[] = [];
  for (const sf of files) {
    const add = (what: string, at: ts.Node) =>
      out.push({ file: sf.fileName, line: sf.getLineAndCharacterOfPosition(at.getStart(sf)).line + 1, what });
    const visit = (n: ts.Node): void => {
      if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression)) {
        const m = n.expression.name.text;
        if (READ_RECEIVER.has(m) && carries(n.expression.expression)) add(`${m} of the question's words`, n);
        else if (READ_ARGUMENT.has(m) && n.arguments[0] && carries(n.arguments[0])) add(`${m}(the question's words)`, n);
      }
      // Handed to a function of another room (a tokenizer, a matcher), or to one of these files the flow
      // cannot follow into (made by another function: `const stems = kept((text) => ...)`): read there.
      if (ts.isCallExpression(n) && n.arguments.some(carries)) {
        const callee = symbolOf(ts.isPropertyAccessExpression(n.expression) ? n.expression.name : n.expression);
        const decl = callee?.declarations?.[0];
        const file = decl?.getSourceFile().fileName ?? '';
        const followed = !!decl && (ts.isFunctionLike(decl) || !!functionOfVariable(callee));
        if (decl && (!inScope(file) || !followed) && !file.includes('node_modules') && !/\.d\.ts$/.test(file))
          add(`hands the question's words to ${callee!.name}`, n);
      }
      if (
        ts.isBinaryExpression(n) &&
        [
          ts.SyntaxKind.EqualsEqualsEqualsToken,
          ts.SyntaxKind.ExclamationEqualsEqualsToken,
          ts.SyntaxKind.EqualsEqualsToken,
          ts.SyntaxKind.ExclamationEqualsToken,
        ].includes(n.operatorToken.kind) &&
        (carries(n.left) || carries(n.right))
      )
        add("compares the question's words", n);
      if (ts.isSwitchStatement(n) && carries(n.expression)) add("switches on the question's words", n);
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }
  return out;
}

function nameOfNode(n: ts.PropertyName): string {
  return ts.isIdentifier(n) || ts.isStringLiteral(n) ? n.text : '';
}
