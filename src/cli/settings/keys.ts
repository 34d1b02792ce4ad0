// The one table of settings. Each row is a key a profile may hold (`filings config set KEY VALUE`),
// with the environment variables and the flag that give it too; `config get`, `config list`, the
// table in docs/configuration.md and the resolver (resolve.ts) all read this table. A new setting is
// one row here plus the code that uses it (read through the Factory) and its test.
// Importing this stays cheap: no I/O, no schema library.
import { join } from 'node:path';
import { EFFORTS, EVIDENCE_FORMATS, MODES } from '../../contract/enums.js';
import { defaultIndexPath } from '../../engine/index-location.js';
import { packageRoot } from '../../package-root.js';

export interface SettingDef {
  key: string;
  description: string;
  /** Environment variables that give it, the first set one winning. */
  env?: readonly string[];
  /** The flag that gives it: its attribute in the parsed options and how it is typed. A global flag,
   * or one command's own (`corpus pull --user-agent`). */
  flag?: { attr: string; text: string };
  /** Shown masked, never whole. */
  secret?: boolean;
  /** A file or directory: made absolute, a leading ~ expanded. */
  path?: boolean;
  /** Why a value is refused, if it is. */
  check?: (value: string) => string | undefined;
  /** The value when nothing sets it (the environment's conventions, such as XDG's data home). */
  fallback?: (env: NodeJS.ProcessEnv) => string | undefined;
}

const oneOf = (values: readonly string[]) => (v: string) => (values.includes(v) ? undefined : `must be one of ${values.join(', ')}`);

export function checkBaseUrl(value: string): string | undefined {
  if (value === '') return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'is not a URL (e.g. https://api-beta.ai-baseline.xyz/v2/sandp_500)';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must be an http:// or https:// URL';
  if (url.username || url.password) return 'must not carry credentials; the key goes only in X-API-Key';
  if ([...url.searchParams.keys()].some((k) => /key|token|secret/i.test(k))) {
    return 'must not carry a key in its query string; the key goes only in X-API-Key';
  }
  return undefined;
}

const isNumber = (v: string) => v.trim() !== '' && Number.isFinite(Number(v));
const positiveSeconds = (v: string) => (isNumber(v) && Number(v) > 0 ? undefined : 'must be a positive number of seconds');
const seconds = (v: string) => (isNumber(v) && Number(v) >= 0 ? undefined : 'must be a number of seconds (0 or more)');

const httpUrl = (v: string) => (/^https?:\/\/[^\s/]+/.test(v) ? undefined : 'must be an http:// or https:// URL');

export const DEFAULT_TIMEOUT_SECONDS = 60;

/** Every setting, in the order `config list` shows them. */
export const SETTINGS: readonly SettingDef[] = [
  {
    key: 'base_url',
    description: 'service base URL including /v2/<domain>; empty for the local engine',
    env: ['FILINGS_BASE_URL'],
    flag: { attr: 'baseUrl', text: '--base-url' },
    check: checkBaseUrl,
  },
  {
    key: 'api_key',
    description: 'API key (stored with mode 0600; masked when shown)',
    env: ['FILINGS_API_KEY', 'AI_BASELINE_API_KEY'],
    secret: true,
  },
  {
    key: 'api_key_file',
    description: 'file holding the API key',
    env: ['FILINGS_API_KEY_FILE'],
    flag: { attr: 'apiKeyFile', text: '--api-key-file' },
    path: true,
  },
  { key: 'mode', description: 'default query mode', check: oneOf(MODES), fallback: () => 'research' },
  { key: 'effort', description: 'default effort', check: oneOf(EFFORTS), fallback: () => 'medium' },
  { key: 'format', description: 'default evidence format', check: oneOf(EVIDENCE_FORMATS), fallback: () => 'rendered' },
  {
    key: 'index',
    description: 'local index file',
    env: ['FILINGS_INDEX'],
    flag: { attr: 'index', text: '--index' },
    path: true,
    fallback: defaultIndexPath,
  },
  {
    key: 'timeout',
    description: 'network timeout in seconds (the service, EDGAR)',
    env: ['FILINGS_TIMEOUT'],
    flag: { attr: 'timeout', text: '--timeout' },
    check: positiveSeconds,
    fallback: () => String(DEFAULT_TIMEOUT_SECONDS),
  },
  // 60: the engine's DEFAULT_LOCK_WAIT_MS (not imported: its module loads node:crypto); a test holds them equal.
  {
    key: 'lock_timeout',
    description: 'seconds a writer of the index waits for another one',
    env: ['FILINGS_LOCK_TIMEOUT'],
    check: seconds,
    fallback: () => '60',
  },
  {
    key: 'sec_user_agent',
    description: 'your name and email, sent to SEC EDGAR by corpus pull',
    env: ['FILINGS_SEC_USER_AGENT'],
    flag: { attr: 'userAgent', text: '--user-agent' },
  },
  {
    key: 'sec_www_url',
    description: "EDGAR's www host (a mirror, tests)",
    env: ['FILINGS_SEC_WWW_URL'],
    check: httpUrl,
    fallback: () => 'https://www.sec.gov',
  },
  {
    key: 'sec_data_url',
    description: "EDGAR's data host (a mirror, tests)",
    env: ['FILINGS_SEC_DATA_URL'],
    check: httpUrl,
    fallback: () => 'https://data.sec.gov',
  },
  {
    key: 'sample_corpus',
    description: 'the sample corpus that corpus init indexes',
    env: ['FILINGS_SAMPLE_CORPUS'],
    path: true,
    fallback: () => join(packageRoot(), '..', 'shared', 'corpus'),
  },
  {
    key: 'server_keys',
    description: 'API keys filings serve accepts, comma-separated (also --keys-file)',
    env: ['FILINGS_SERVER_KEYS'],
    secret: true,
  },
];

export const SETTING = new Map(SETTINGS.map((d) => [d.key, d]));

/** The row of `key`, or undefined for a key no setting has. */
export function settingDef(key: string): SettingDef | undefined {
  return SETTING.get(key);
}
