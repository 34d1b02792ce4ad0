// A filing's index page ({accession}-index.html): the documents of the filing with their type and
// size in bytes, as EDGAR lists them. Used to check that a downloaded document is whole (its size is
// the listed one) and to find a 10-K's annual report exhibit (EX-13). Pure.

export interface IndexedDocument {
  /** The file name in the filing's folder. */
  file: string;
  /** EX-13, 10-K, GRAPHIC, ... ("" for the complete submission). */
  type: string;
  description: string;
  /** Bytes, as listed. */
  size?: number;
}

const cellText = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|&#160;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

/** The documents listed in an index page; throws when the page lists none (it is not an index page). */
export function parseFilingIndex(html: string): IndexedDocument[] {
  const docs: IndexedDocument[] = [];
  for (const table of html.match(/<table[^>]*class="tableFile"[\s\S]*?<\/table>/gi) ?? []) {
    for (const row of table.match(/<tr[\s\S]*?<\/tr>/gi) ?? []) {
      const cells = row.match(/<td[\s\S]*?<\/td>/gi);
      if (!cells || cells.length < 5) continue;
      const href = /href="([^"]+)"/i.exec(cells[2]!)?.[1];
      if (!href) continue;
      const file = decodeURIComponent(href.replace(/^.*\//, '').replace(/^.*[?&]doc=/, ''));
      const size = Number(cellText(cells[4]!));
      docs.push({
        file,
        type: cellText(cells[3]!),
        description: cellText(cells[1]!),
        ...(Number.isFinite(size) && size > 0 ? { size } : {}),
      });
    }
  }
  if (docs.length === 0) throw new Error('the filing index page lists no documents');
  return docs;
}

/** The annual report exhibits of a 10-K (EX-13, EX-13.1, ...), in the order listed. */
export function annualReportExhibits(docs: IndexedDocument[]): IndexedDocument[] {
  return docs.filter((d) => /^EX-13(?:\.\d+)?$/i.test(d.type) && /\.html?$/i.test(d.file));
}
