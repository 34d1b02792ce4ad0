// EDGAR's complete submission text file (`{accession}.txt`): an SGML header (accession, form, period,
// filing date, filers with CIK, name and fiscal year end) and every document of the filing between
// <DOCUMENT> and </DOCUMENT>. Also the same <DOCUMENT><TYPE>..<TEXT> wrapper that pre-2008 .htm files
// in the Archives start with. Pure.

export interface SgmlFiler {
  cik: string;
  company: string;
  sic?: string;
  stateOfInc?: string;
  /** MMDD, as of this filing. */
  fiscalYearEnd?: string;
}

export interface SgmlHeader {
  accession?: string;
  form?: string;
  /** YYYY-MM-DD */
  period?: string;
  filingDate?: string;
  items: string[];
  filers: SgmlFiler[];
}

export interface SgmlDocument {
  type: string;
  sequence: number;
  filename?: string;
  description?: string;
  /** The document's text between <TEXT> and </TEXT>, the <XBRL> wrapper of inline XBRL removed. */
  text: string;
}

const ymd = (s: string | undefined) => (s && /^\d{8}$/.test(s) ? `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}` : undefined);

function field(block: string, name: string): string | undefined {
  const m = new RegExp(`^\\s*${name}:[ \\t]*(.*)$`, 'm').exec(block);
  const v = m?.[1]?.trim();
  return v || undefined;
}

export function isSubmissionText(text: string): boolean {
  const head = text.slice(0, 3000);
  return head.includes('<SEC-HEADER>') || head.includes('<SEC-DOCUMENT>') || /^\s*<DOCUMENT>/i.test(head);
}

export function parseSgmlHeader(text: string): SgmlHeader {
  const end = text.indexOf('</SEC-HEADER>');
  const head = text.slice(0, end > 0 ? end : Math.min(text.length, 20_000));
  const filers: SgmlFiler[] = [];
  // Each filer block starts with FILER: (or SUBJECT COMPANY: / FILED BY:) and holds COMPANY DATA.
  const blocks = head.split(/^(?:FILER|SUBJECT COMPANY|FILED BY|REPORTING-OWNER):\s*$/m).slice(1);
  for (const b of blocks) {
    const cik = field(b, 'CENTRAL INDEX KEY');
    if (!cik) continue;
    const sic = /\[(\d{4})\]/.exec(field(b, 'STANDARD INDUSTRIAL CLASSIFICATION') ?? '')?.[1];
    const filer: SgmlFiler = { cik: cik.replace(/^0+/, ''), company: field(b, 'COMPANY CONFORMED NAME') ?? '' };
    if (sic) filer.sic = sic;
    const state = field(b, 'STATE OF INCORPORATION');
    if (state) filer.stateOfInc = state;
    const fye = field(b, 'FISCAL YEAR END');
    if (fye && /^\d{4}$/.test(fye)) filer.fiscalYearEnd = fye;
    filers.push(filer);
  }
  const items = [...head.matchAll(/^\s*ITEM INFORMATION:[ \t]*(.+)$/gm)].map((m) => m[1]!.trim());
  return {
    accession: field(head, 'ACCESSION NUMBER'),
    form: field(head, 'CONFORMED SUBMISSION TYPE'),
    period: ymd(field(head, 'CONFORMED PERIOD OF REPORT')),
    filingDate: ymd(field(head, 'FILED AS OF DATE')),
    items,
    filers,
  };
}

function tag(block: string, name: string): string | undefined {
  const m = new RegExp(`<${name}>([^\\n<]*)`, 'i').exec(block);
  return m?.[1]?.trim() || undefined;
}

export function parseSgmlDocuments(text: string): SgmlDocument[] {
  const docs: SgmlDocument[] = [];
  const open = /<DOCUMENT>/gi;
  for (let m = open.exec(text); m; m = open.exec(text)) {
    const close = text.indexOf('</DOCUMENT>', m.index);
    const block = text.slice(m.index, close < 0 ? text.length : close);
    const t0 = block.search(/<TEXT>/i);
    const t1 = block.search(/<\/TEXT>/i);
    let body = t0 < 0 ? '' : block.slice(t0 + 6, t1 > t0 ? t1 : block.length);
    const x0 = body.search(/^\s*<XBRL>/i);
    if (x0 >= 0) body = body.replace(/^\s*<XBRL>/i, '').replace(/<\/XBRL>\s*$/i, '');
    const doc: SgmlDocument = { type: tag(block, 'TYPE') ?? '', sequence: Number(tag(block, 'SEQUENCE') ?? docs.length + 1), text: body };
    const filename = tag(block, 'FILENAME');
    if (filename) doc.filename = filename;
    const description = tag(block, 'DESCRIPTION');
    if (description) doc.description = description;
    docs.push(doc);
    if (close < 0) break;
    open.lastIndex = close;
  }
  return docs;
}

/** A .htm that starts with the SGML wrapper (old Archives files): its <TEXT> content. */
export function unwrapDocument(text: string): string {
  if (!/^\s*<DOCUMENT>/i.test(text.slice(0, 200))) return text;
  return parseSgmlDocuments(text)[0]?.text ?? text;
}

/** True when a document's text is HTML rather than plain text. */
export function isHtmlText(text: string): boolean {
  return /<(?:html|body|div|p|table|font)\b/i.test(text.slice(0, 5000));
}
