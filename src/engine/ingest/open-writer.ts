// The index writer as every ingest opens it: the company linker's tables it writes are made by the
// directory (retrieve/directory.ts) that makes them on reading too, so both read the same names.
import { IndexWriter } from '../index/writer.js';
import { buildDirectory } from '../retrieve/directory.js';

export function openWriter(path: string, inPlace: boolean): IndexWriter {
  return IndexWriter.open(path, { inPlace, linkerTables: (filings, companies) => buildDirectory(filings, companies).linker.tables() });
}
