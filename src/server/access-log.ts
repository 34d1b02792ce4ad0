// One JSON line per request on stderr. Never the key: a key id (first 8 hex of its SHA-256), and of the
// query string only the parameters the API defines (a key sent as `?secret=` or `?sig=` is not logged).

export interface AccessEntry {
  request_id: string;
  method: string;
  path: string;
  status: number;
  duration_ms: number;
  bytes: number;
  key_id?: string;
  error?: string;
}

export interface Logger {
  access(entry: AccessEntry): void;
  /** Server events (listening, shutdown, index reloads, internal errors). */
  info(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

export type LogFormat = 'json' | 'off';

export function createLogger(format: LogFormat, out: NodeJS.WritableStream = process.stderr): Logger {
  if (format === 'off') return { access() {}, info() {}, error() {} };
  const line = (o: Record<string, unknown>) => out.write(`${JSON.stringify({ time: new Date().toISOString(), ...o })}\n`);
  return {
    access: (e) => line({ ...e }),
    info: (msg, fields) => line({ level: 'info', msg, ...fields }),
    error: (msg, fields) => line({ level: 'error', msg, ...fields }),
  };
}

/** Query parameters of the API, whose values are logged; any other parameter is logged as `***`. */
const LOGGED_PARAMS = new Set(['include_values', 'field']);

/** The request target for the log: the path, and the query with every unknown parameter masked. */
export function loggablePath(rawUrl: string): string {
  const q = rawUrl.indexOf('?');
  if (q < 0) return rawUrl.slice(0, 2048);
  const params = new URLSearchParams(rawUrl.slice(q + 1));
  const shown = [...params].map(([k, v]) => (LOGGED_PARAMS.has(k) ? `${k}=${encodeURIComponent(v.slice(0, 100))}` : '***'));
  return `${rawUrl.slice(0, q)}?${shown.join('&')}`.slice(0, 2048);
}
