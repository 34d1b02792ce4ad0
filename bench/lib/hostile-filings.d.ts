// Types of bench/lib/hostile-filings.js (shared by the ingest tests and bench/hostile-filings.js).
export type Shape =
  | 'html-table-rows'
  | 'html-nested-divs'
  | 'html-unclosed-divs'
  | 'html-nested-tables'
  | 'html-row-cells'
  | 'html-cell-4mb'
  | 'html-paragraph-4mb'
  | 'html-headings'
  | 'json-table-rows'
  | 'json-cell-lines'
  | 'json-row-cells'
  | 'json-line-4mb'
  | 'json-headings'
  | 'json-short-lines'
  | 'json-row-cell-lines';

export interface ShapeDef {
  kind: 'html' | 'json';
  size: number;
  at?: 'start';
  what(n: number): string;
  make(n: number): string;
}

export const SHAPES: Record<Shape, ShapeDef>;
export const HTML_BASE: { file: string; accession: string; filed: string };
export const JSON_BASE: { file: string; accession: string };
export function edgarDir(): string;
export function hasHtmlBase(): boolean;
export function writeHostileFiling(dir: string, shape: Shape, size?: number): { path: string; accession: string };
export function describeShape(shape: Shape, size?: number): string;
