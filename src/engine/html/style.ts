// The few CSS facts ingest needs from an element's inline style: hidden, bold, font size, page breaks,
// indentation and the borders that mark sums and totals. String tests, no CSS parser: EDGAR documents
// put everything in style attributes, and this runs once per element (~100k per 10-K).

export interface StyleFacts {
  hidden: boolean;
  /** true / false when the style sets a weight; undefined when it says nothing. */
  bold?: boolean;
  fontSize?: number;
  breakBefore: boolean;
  breakAfter: boolean;
  indent: number;
  doubleBorder: boolean;
  topBorder: boolean;
}

const NONE: StyleFacts = { hidden: false, breakBefore: false, breakAfter: false, indent: 0, doubleBorder: false, topBorder: false };

function prop(style: string, name: string): string | undefined {
  const i = style.indexOf(`${name}:`);
  if (i < 0) return undefined;
  // "padding-left" must not match inside "xpadding-left"; a style starts props at 0 or after ';'.
  if (i > 0 && style[i - 1] !== ';') {
    const again = style.indexOf(`;${name}:`);
    if (again < 0) return undefined;
    return valueAt(style, again + name.length + 2);
  }
  return valueAt(style, i + name.length + 1);
}

function valueAt(style: string, from: number): string {
  const end = style.indexOf(';', from);
  return style.slice(from, end < 0 ? style.length : end).trim();
}

/** A CSS length in points (pt, px at 0.75, em/rem at 10 pt, in at 72). */
export function points(v: string | undefined): number {
  if (!v) return 0;
  const m = /^(-?\d*\.?\d+)\s*(pt|px|em|rem|in|%)?/.exec(v);
  if (!m) return 0;
  const n = Number(m[1]);
  switch (m[2]) {
    case 'px':
      return n * 0.75;
    case 'em':
    case 'rem':
      return n * 10;
    case 'in':
      return n * 72;
    case '%':
      return 0;
    default:
      return n;
  }
}

// Financial printers repeat a few thousand style strings across a document: read each once.
const cache = new Map<string, StyleFacts>();
const CACHE_MAX = 20_000;

export function styleFacts(raw: string | undefined): StyleFacts {
  if (!raw) return NONE;
  const hit = cache.get(raw);
  if (hit) return hit;
  if (cache.size >= CACHE_MAX) cache.clear();
  const facts = readStyle(raw);
  cache.set(raw, facts);
  return facts;
}

function readStyle(raw: string): StyleFacts {
  const style = raw
    .toLowerCase()
    .replace(/\s*([:;,])\s*/g, '$1')
    .trim();
  const facts: StyleFacts = { ...NONE };
  if (style.includes('display:none')) facts.hidden = true;
  const weight = prop(style, 'font-weight');
  if (weight !== undefined) facts.bold = weight === 'bold' || weight === 'bolder' || Number(weight) >= 600;
  const size = prop(style, 'font-size');
  if (size !== undefined) facts.fontSize = points(size);
  if (style.includes('page-break-before:always') || style.includes('break-before:page')) facts.breakBefore = true;
  if (style.includes('page-break-after:always') || style.includes('break-after:page')) facts.breakAfter = true;
  facts.indent = points(prop(style, 'padding-left')) + Math.max(0, points(prop(style, 'text-indent'))) + points(prop(style, 'margin-left'));
  const padding = prop(style, 'padding');
  if (padding) {
    // padding: top right bottom left (or fewer values)
    const parts = padding.split(/\s+/);
    const left = parts[3] ?? parts[1] ?? parts[0];
    facts.indent += points(left);
  }
  const bottom = prop(style, 'border-bottom');
  if (bottom && (bottom.includes('double') || points(bottom) >= 2.5)) facts.doubleBorder = true;
  const top = prop(style, 'border-top');
  if (top && !top.startsWith('none') && !top.startsWith('0')) facts.topBorder = true;
  return facts;
}
