// One streaming pass of htmlparser2 over an EDGAR document: visible text into blocks, tables into
// cells (colspan kept), anchors and table-of-contents links, and the inline-XBRL material (contexts,
// units, every ix:nonFraction with the cell that shows it, the dei cover facts). No DOM is built: a
// 3 MB 10-K is ~150k elements, and a tree of them costs more time and memory than the whole ingest.
//
// Inline XBRL is XHTML, so it is parsed in XML mode: names keep their case (ix:nonFraction,
// contextRef) and self-closing tags close. Legacy HTML (pre-2008 8-Ks) is not well-formed XML
// (<P> and <BR> left open, &nbsp;), so it is parsed in HTML mode. Names are compared lower-cased
// either way.
import { Parser } from 'htmlparser2';
import { MAX_ELEMENT_DEPTH, MAX_ROW_CELLS, MAX_TABLE_ROWS, tooDeep, tooManyCells, tooManyRows } from '../limits.js';
import { styleFacts } from './style.js';
import type { RawCell, RawContext, RawDocument, RawFact, TableBlock } from './types.js';

const BLOCK = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'body',
  'br',
  'caption',
  'center',
  'dd',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'ul',
  'page',
]);
const SKIPPED = new Set(['head', 'script', 'style', 'title', 'noscript', 'template']);

interface Frame {
  name: string;
  hidden: boolean;
  bold: boolean;
  fontSize: number;
  breakAfter: boolean;
  fact: boolean;
  dei: boolean;
}

interface TableState {
  rows: RawCell[][];
  links: { href: string; row: number }[];
  cell: (RawCell & { parts: string[] }) | null;
  /** Facts waiting for the table's block index. */
  facts: number[];
  /** Rows past MAX_TABLE_ROWS, counted (their cells go into the last row, emptied at each); cells of
   * the current row past MAX_ROW_CELLS, counted and dropped; the widest such row. A table with any is
   * refused at its end. */
  over: number;
  extraCells: number;
  wide: { cells: number; label: string } | null;
}

/** True when the bytes are XHTML (inline XBRL or an XML prolog): parse in XML mode. */
export function isXhtml(html: string): boolean {
  const head = html.slice(0, 4000);
  return /^\s*<\?xml/i.test(head) || head.includes('<ix:') || /<html[^>]*xmlns:ix=/i.test(head);
}

const local = (name: string) => {
  const i = name.indexOf(':');
  return i < 0 ? name : name.slice(i + 1);
};

const clean = (s: string) =>
  s
    // (The zero-width joiner apart: in a class it reads as joining its neighbours.)
    .replace(/(?:[\s\u00a0\u200b\u200c\u2060\ufeff]|\u200d)+/g, ' ')
    .replace(/\u00ad/g, '')
    .trim();

const rowText = (row: RawCell[] | undefined) => (row ?? []).map((c) => c.text).join(' ');

function measureName(m: string): string {
  return local(m.trim()).toLowerCase();
}

export function parseDocument(html: string): RawDocument {
  const doc: RawDocument = {
    blocks: [],
    anchors: new Map(),
    contexts: new Map(),
    units: new Map(),
    facts: [],
    dei: new Map(),
    ciks: [],
    inlineXbrl: false,
  };
  const xml = isXhtml(html);
  const stack: Frame[] = [];
  const top = (): Frame | undefined => stack[stack.length - 1];
  let hiddenDepth = 0;

  // Text outside tables.
  let parts: string[] = [];
  let chars = 0;
  let boldChars = 0;
  let fontSize = 0;
  const flush = () => {
    if (parts.length === 0) return;
    const text = clean(parts.join(''));
    if (text) doc.blocks.push({ kind: 'text', text, boldShare: chars > 0 ? boldChars / chars : 0, fontSize });
    parts = [];
    chars = boldChars = fontSize = 0;
  };
  let preDepth = 0;
  const addText = (data: string) => {
    parts.push(data);
    const frame = top();
    let n = 0;
    for (let i = 0; i < data.length; i++) if (data.charCodeAt(i) > 32 && data.charCodeAt(i) !== 160) n++;
    chars += n;
    if (frame?.bold) boldChars += n;
    if (n > 0 && frame && frame.fontSize > fontSize) fontSize = frame.fontSize;
  };
  const pushBreak = () => {
    flush();
    const last = doc.blocks[doc.blocks.length - 1];
    if (last?.kind !== 'break') doc.blocks.push({ kind: 'break' });
  };

  const tables: TableState[] = [];
  const table = (): TableState | undefined => tables[tables.length - 1];
  const closeCell = (t: TableState) => {
    if (!t.cell) return;
    const { parts: p, ...cell } = t.cell;
    cell.text = clean(p.join(''));
    t.cell = null;
    const row = t.rows[t.rows.length - 1];
    if (!row) return;
    if (row.length < MAX_ROW_CELLS) row.push(cell);
    else {
      const cells = row.length + ++t.extraCells;
      // (The first of the widest rows names them.)
      if (!t.wide) t.wide = { cells, label: row[0]?.text ?? '' };
      else if (cells > t.wide.cells) Object.assign(t.wide, { cells, label: row[0]?.text ?? '' });
    }
  };

  // Inline-XBRL state.
  const openFacts: RawFact[] = [];
  const deiOpen: { name: string; contextRef: string; parts: string[] }[] = [];
  let context: (RawContext & { id: string }) | null = null;
  let unit: { id: string; num: string[]; den: string[]; inDen: boolean } | null = null;
  let capture: { parts: string[]; done: (text: string) => void } | null = null;

  const parser = new Parser(
    {
      onopentag(rawName, attrs) {
        const name = rawName.toLowerCase();
        const parent = top();
        const st = styleFacts(attrs.style);
        const frame: Frame = {
          name,
          hidden: st.hidden || SKIPPED.has(name) || name === 'ix:header',
          bold: st.bold ?? (name === 'b' || name === 'strong' || name === 'th' || (parent?.bold ?? false)),
          fontSize: st.fontSize ?? parent?.fontSize ?? 0,
          breakAfter: st.breakAfter,
          fact: false,
          dei: false,
        };
        if (frame.hidden) hiddenDepth++;
        if (name === 'pre' || name === 'xmp' || name === 'listing') preDepth++;
        stack.push(frame);
        if (stack.length > MAX_ELEMENT_DEPTH) throw tooDeep(parser.startIndex);
        if (name === 'ix:header') doc.inlineXbrl = true;

        const t = table();
        if (hiddenDepth === 0) {
          if (BLOCK.has(name) || name === 'table') {
            if (t) {
              if (t.cell) t.cell.parts.push(' ');
            } else flush();
          }
          if (st.breakBefore || (name === 'hr' && !t)) pushBreak();
          const id = attrs.id ?? (name === 'a' ? attrs.name : undefined);
          if (id) doc.anchors.set(id, doc.blocks.length);
        }

        // Tables (visible ones only; a nested table's cells read as text of the outer cell).
        if (hiddenDepth === 0) {
          if (name === 'table') {
            if (t?.cell) frame.name = 'nested-table';
            else tables.push({ rows: [], links: [], cell: null, facts: [], over: 0, extraCells: 0, wide: null });
          } else if (t && name === 'tr' && !t.cell) {
            closeCell(t);
            t.extraCells = 0;
            if (t.rows.length < MAX_TABLE_ROWS) t.rows.push([]);
            else {
              t.over++;
              t.rows[t.rows.length - 1] = [];
            }
          } else if (t && (name === 'td' || name === 'th') && !t.cell) {
            if (t.rows.length === 0) t.rows.push([]);
            const span = Math.max(1, Math.min(100, Number.parseInt(attrs.colspan ?? attrs.colSpan ?? '1', 10) || 1));
            t.cell = {
              text: '',
              parts: [],
              colspan: span,
              facts: [],
              bold: frame.bold,
              doubleBorder: st.doubleBorder,
              topBorder: st.topBorder,
              indent: st.indent,
            };
          } else if (t?.cell && (name === 'td' || name === 'th' || name === 'tr')) {
            // A nested table's cell: its close must not close the outer cell.
            frame.name = `nested-${name}`;
            t.cell.parts.push(' ');
          } else if (t?.cell) {
            // Indentation and borders are often set on the div or span inside the cell.
            if (st.indent > t.cell.indent) t.cell.indent = st.indent;
            if (st.doubleBorder) t.cell.doubleBorder = true;
            if (st.topBorder) t.cell.topBorder = true;
          }
          if (t && name === 'a' && attrs.href?.startsWith('#'))
            t.links.push({ href: attrs.href.slice(1), row: Math.max(0, t.rows.length - 1) });
        }

        // Inline XBRL.
        if (name.startsWith('ix:')) {
          const ixName = name.slice(3);
          if (ixName === 'nonfraction') {
            const get = (k: string) => attrs[k] ?? attrs[k.toLowerCase()] ?? null;
            const fact: RawFact = {
              name: get('name') ?? '',
              contextRef: get('contextRef') ?? '',
              unitRef: get('unitRef'),
              decimals: get('decimals'),
              scale: get('scale'),
              sign: get('sign'),
              format: get('format'),
              nil: (get('xsi:nil') ?? '') === 'true',
              text: '',
            };
            openFacts.push(fact);
            frame.fact = true;
          } else if (ixName === 'nonnumeric') {
            const factName = attrs.name ?? '';
            if (factName.startsWith('dei:')) {
              deiOpen.push({ name: factName, contextRef: attrs.contextRef ?? attrs.contextref ?? '', parts: [] });
              frame.dei = true;
            }
          }
        } else if (name.includes(':') || context || unit) {
          const ln = local(name);
          if (ln === 'context' && attrs.id) context = { id: attrs.id, end: '', instant: false, dimensions: {} };
          else if (context && (ln === 'startdate' || ln === 'enddate' || ln === 'instant')) {
            const ctx = context;
            capture = {
              parts: [],
              done: (v) => {
                if (ln === 'startdate') ctx.start = v;
                else {
                  ctx.end = v;
                  ctx.instant = ln === 'instant';
                }
              },
            };
          } else if (context && (ln === 'explicitmember' || ln === 'typedmember')) {
            const ctx = context;
            const dim = attrs.dimension ?? '';
            capture = { parts: [], done: (v) => (ctx.dimensions[dim] = v) };
          } else if (ln === 'unit' && attrs.id) unit = { id: attrs.id, num: [], den: [], inDen: false };
          else if (unit && ln === 'unitdenominator') unit.inDen = true;
          else if (unit && ln === 'measure') {
            const u = unit;
            capture = { parts: [], done: (v) => (u.inDen ? u.den : u.num).push(measureName(v)) };
          }
        }
      },

      ontext(data) {
        if (capture) capture.parts.push(data);
        for (const f of openFacts) f.text += data;
        for (const d of deiOpen) if (d.parts.length < 50) d.parts.push(data);
        if (hiddenDepth > 0) return;
        const t = table();
        if (t) {
          if (t.cell) t.cell.parts.push(data);
          return;
        }
        // Preformatted text (old filings' tables and statements) keeps its lines.
        if (preDepth > 0 && data.includes('\n')) {
          data.split('\n').forEach((line, i) => {
            if (i > 0) flush();
            addText(line);
          });
        } else addText(data);
      },

      onclosetag() {
        const frame = stack.pop();
        if (!frame) return;
        const name = frame.name;
        if (name === 'pre' || name === 'xmp' || name === 'listing') preDepth--;
        if (capture && name.includes(':') && /(?:startdate|enddate|instant|explicitmember|typedmember|measure)$/.test(name)) {
          capture.done(clean(capture.parts.join('')));
          capture = null;
        }
        if (frame.fact) {
          const fact = openFacts.pop()!;
          fact.text = clean(fact.text);
          const idx = doc.facts.push(fact) - 1;
          const t = table();
          if (hiddenDepth === 0 && t?.cell) {
            t.cell.facts.push(idx);
            fact.row = t.rows.length - 1;
            fact.cell = t.rows[t.rows.length - 1]!.length;
            t.facts.push(idx);
          } else if (hiddenDepth === 0) fact.block = doc.blocks.length;
        }
        if (frame.dei) {
          const d = deiOpen.pop()!;
          const text = clean(d.parts.join(''));
          if (!doc.dei.has(d.name)) doc.dei.set(d.name, { text, contextRef: d.contextRef });
          if (d.name === 'dei:EntityCentralIndexKey' && /^\d+$/.test(text)) doc.ciks.push(text.replace(/^0+/, ''));
        }
        if (name.includes(':')) {
          const ln = local(name);
          if (ln === 'context' && context) {
            const { id, ...ctx } = context;
            doc.contexts.set(id, ctx);
            context = null;
          } else if (ln === 'unit' && unit) {
            doc.units.set(unit.id, unit.den.length ? `${unit.num.join('*')}/${unit.den.join('*')}` : unit.num.join('*'));
            unit = null;
          }
        }

        if (frame.hidden) {
          hiddenDepth--;
          return;
        }
        if (hiddenDepth > 0) return;
        const t = table();
        if (t) {
          if (name === 'td' || name === 'th') closeCell(t);
          else if (name === 'tr') closeCell(t);
          else if (name === 'table') {
            closeCell(t);
            tables.pop();
            if (t.over > 0) throw tooManyRows(t.rows.length + t.over, rowText(t.rows.find((r) => r.length > 0)));
            if (t.wide) throw tooManyCells(t.wide.cells, t.wide.label);
            const block: TableBlock = {
              kind: 'table',
              rows: t.rows.filter((r) => r.length > 0),
              links: [],
            };
            // Row indexes of facts and links must follow the filter of empty rows.
            const shift: number[] = [];
            let k = 0;
            for (const r of t.rows) shift.push(r.length > 0 ? k++ : Math.max(0, k - 1));
            block.links = t.links.map((l) => ({ href: l.href, row: shift[l.row] ?? 0 }));
            const index = doc.blocks.length;
            for (const f of t.facts) {
              const fact = doc.facts[f]!;
              fact.block = index;
              fact.row = shift[fact.row!] ?? fact.row;
            }
            doc.blocks.push(block);
          } else if (t.cell && BLOCK.has(name)) t.cell.parts.push(' ');
          return;
        }
        if (BLOCK.has(name)) flush();
        if (frame.breakAfter || name === 'page') pushBreak();
      },
    },
    { xmlMode: xml, decodeEntities: true, lowerCaseTags: !xml, lowerCaseAttributeNames: !xml, recognizeSelfClosing: true },
  );
  parser.write(html);
  parser.end();
  flush();
  return doc;
}
