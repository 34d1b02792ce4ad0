// Word wrapping for the terminal. Text is wrapped before it is coloured, so lengths are plain
// code-point counts; existing line breaks are kept (table rows in evidence context rely on them).

const len = (s: string) => [...s].length;

/** Wraps `text` to `width` columns; every line starts with `indent` (the first with `first`). */
export function wrap(text: string, width: number, indent = '', first = indent): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = lines.length === 0 ? first : indent;
    let empty = true;
    // At least 10 columns of text, however deep the indent.
    const room = () => Math.max(10 + len(indent) - len(line), width - len(line));
    for (const word of paragraph.split(/[ \t]+/).filter(Boolean)) {
      if (!empty && len(word) + 1 > room()) {
        lines.push(line);
        line = indent;
        empty = true;
      }
      if (!empty) line += ' ';
      // A word longer than a whole line (a URL, a long figure) is cut where the line ends.
      let rest = [...word];
      while (empty && rest.length > room()) {
        const n = room();
        lines.push(line + rest.slice(0, n).join(''));
        line = indent;
        rest = rest.slice(n);
      }
      line += rest.join('');
      empty = false;
    }
    lines.push(line);
  }
  return lines.map((l) => (l.trim() === '' ? '' : l));
}

/** The width to lay text out in: the terminal's, else COLUMNS, else 80; never below 40. */
export function layoutWidth(columns: number | undefined, env: NodeJS.ProcessEnv): number {
  const n = columns ?? Number(env.COLUMNS);
  return Number.isFinite(n) && n > 0 ? Math.max(40, Math.floor(n)) : 80;
}

/** Items (each kept whole: "FY-2023: 58") joined by spaces into lines of at most `width` columns;
 * lines after the first start with `indent`. An item longer than a line gets a line of its own. */
export function packItems(items: string[], width: number, indent = ''): string[] {
  const lines: string[] = [];
  let line: string | undefined;
  for (const item of items) {
    if (line !== undefined && len(line) + 1 + len(item) > width) {
      lines.push(line);
      line = undefined;
    }
    line = line === undefined ? `${lines.length === 0 ? '' : indent}${item}` : `${line} ${item}`;
  }
  if (line !== undefined) lines.push(line);
  return lines;
}

/** "(a, b, c)" as items: commas and the parentheses stay on their item. */
export function listItems(items: string[], open = '', close = ''): string[] {
  return items.map((x, i) => `${i === 0 ? open : ''}${x}${i < items.length - 1 ? ',' : close}`);
}
