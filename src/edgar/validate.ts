// Is what EDGAR sent the document asked for, whole? A 200 can carry an error page, and a body sent
// without Content-Length ends where the connection broke. Checked before a document is cached or
// indexed (its cover facts are checked by the ingest itself: a dei:DocumentType or CIK other than
// the filing's is an error there). Pure.
import { isSubmissionText } from '../engine/corpus-ingest.js';

/** The downloaded body is not the document (an error page, a body cut short, another filing's). */
export class EdgarInvalidError extends Error {
  constructor(
    readonly url: string,
    why: string,
  ) {
    super(`not the document asked for: ${why} (${url})`);
    this.name = 'EdgarInvalidError';
  }
}

export interface Expected {
  url: string;
  /** The filing's form (10-K, 10-Q, 8-K): a primary document names it. */
  form?: string;
  accession?: string;
  /** The size the filing index lists for the document, when known. */
  size?: number;
  /** The submissions JSON says the filing is inline XBRL: its primary document has dei cover facts. */
  inlineXbrl?: boolean;
  /** An exhibit (EX-13): not the filing's own document, so it need not name the form. */
  exhibit?: boolean;
}

const tail = (text: string) => text.slice(-4096).replace(/\s+$/, '').toLowerCase();

/** Throws EdgarInvalidError when the body cannot be the document. */
export function checkDocument(body: Buffer, text: string, e: Expected): void {
  const bad = (why: string) => new EdgarInvalidError(e.url, why);
  if (e.size !== undefined && body.length !== e.size) {
    throw bad(
      `the filing index lists ${e.size.toLocaleString('en-US')} bytes, ${body.length.toLocaleString('en-US')} arrived (cut short?)`,
    );
  }
  const name = new URL(e.url).pathname.toLowerCase();
  if (name.endsWith('.txt')) {
    if (!isSubmissionText(text)) return; // an old plain-text document: nothing to check it against
    if (!/<\/SEC-DOCUMENT>|<\/DOCUMENT>/i.test(text.slice(-2000))) throw bad('the submission does not end (no </SEC-DOCUMENT>): cut short');
    const accession = /ACCESSION NUMBER:\s*(\d{10}-\d{2}-\d{6})/.exec(text.slice(0, 5000))?.[1];
    if (e.accession && accession && accession !== e.accession) throw bad(`it is the submission of ${accession}, not of ${e.accession}`);
    return;
  }
  if (!/^\s*(?:<\?xml|<!doctype|<html|<document|<sec-document)/i.test(text.slice(0, 2000)) && !/<html/i.test(text.slice(0, 5000))) {
    throw bad('it is not an HTML document');
  }
  // Its listed size proves it whole; without one, its closing tag (a few old documents never close).
  const end = tail(text);
  if (e.size === undefined && !end.endsWith('</html>') && !end.endsWith('</document>') && !end.endsWith('</text>')) {
    throw bad('the HTML does not close (no </html> at the end): cut short');
  }
  if (e.exhibit) return;
  if (e.inlineXbrl && !/<ix:header/i.test(text))
    throw bad('an inline-XBRL filing whose document has no inline XBRL cover facts (an error page?)');
  if (e.form) {
    const pattern = new RegExp(e.form.replace(/\/A$/i, '').replace('-', '[\\s\\-\\u2010-\\u2015]*'), 'i');
    if (!pattern.test(text)) throw bad(`the document never names the form ${e.form}`);
  }
}
