// Types of facts-scale.js, for the tests that import it.
export interface FactsFile {
  cik: number;
  entityName: string;
  facts: Record<string, Record<string, { label?: string; description?: string; units: Record<string, FactPoint[]> }>>;
}
export interface FactPoint {
  start?: string;
  end: string;
  val: number;
  accn: string;
  fy?: number | null;
  fp?: string | null;
  form: string;
  filed: string;
  frame?: string;
}
export interface FrameBody {
  taxonomy: string;
  tag: string;
  ccp: string;
  uom: string;
  label?: string;
  description?: string;
  pts: number;
  data: { accn: string; cik: number; entityName: string; start?: string; end: string; val: number }[];
}
export const RECORDED_FACTS: string[];
export function recordedFacts(edgarDir: string): FactsFile[] | undefined;
export function factorOf(i: number): number;
export function scaled(v: number, k: number): number;
export function derivedFacts(
  template: FactsFile,
  o: { cik: string | number; name: string; factor: number; concepts?: string[] },
): FactsFile;
export function constituentsOf(csvText: string): { symbol: string; security: string; sector: string; subIndustry: string; cik: string }[];
export function splitCsv(line: string): string[];
export function factsPath(cik: string | number): string;
export function startFactsServer(
  bodyOf: (path: string) => Buffer | undefined,
): Promise<{ url: string; log: { path: string; at: number; status: number }[]; close: () => Promise<void> }>;
export function gzipped(file: FactsFile): Buffer;
export function peakRate(times: number[], windowMs?: number): number;
export function framesOf(files: FactsFile[]): Map<string, FrameBody>;
