// What a command hands every output format (formats.ts): the response whole, its records as rows, the
// prose before them, and the terminal's layout.

/** A record's field: what a CSV cell holds. */
export type Field = string | number | boolean | null;

/** The rows a response's records make: one column list, a row a record, each as many fields. */
export interface RecordSet {
  columns: readonly string[];
  rows: Field[][];
}

/** What a command gives every format to render. */
export interface View {
  /** The response, whole: one JSON document. */
  document: unknown;
  /** Its records: figures (every one asked, the empty ones with their reason), filter fields, values. */
  records: RecordSet;
  /** Prose a reader takes before the records (an answer), for markdown. */
  text?: string;
  /** The terminal's layout (tables, colour when the terminal takes it). */
  table: () => Promise<string> | string;
}
