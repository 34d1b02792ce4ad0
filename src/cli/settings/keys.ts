// The one table of settings. Each row is a key a profile may hold (`filings config set KEY VALUE`),
// with the environment variables and the flag that give it too; `config get`, `config list`, the
// table in docs/configuration.md, the resolver (resolve.ts) and the options tables (options.ts: a
// row's flag is registered from here, on the program or on its command) all read this table. A new
// setting is one row here plus the code that uses it (read through the Factory) and its test.
// Importing this stays cheap: no I/O, no schema library.
import { join } from 'node:path';
import { EFFORTS, EVIDENCE_FORMATS, MODES } from '../../contract/enums.js';
import { EDGAR_HOSTS } from '../../edgar/hosts.js';
import { defaultIndexPath } from '../../engine/index-location.js';
import { packageRoot } from '../../package-root.js';

export interface SettingDef {
  key: string;
  description: string;
  /** Environment variables that give it, the first set one winning. */
  env?: readonly string[];
  /** The flag that gives it, registered from this row (options.ts): on every command, or on one
   * command's own (`corpus pull --user-agent`). */
  flag?: SettingFlag;
  /** Shown masked, never whole. */
  secret?: boolean;
  /** A file or directory: made absolute, a leading ~ expanded. */
  path?: boolean;
  /** A number of seconds: a profile may hold it as a JSON number (5 as "5"), and `config list --json`
   * shows it as one. */
  numeric?: boolean;
  /** Why a value is refused, if it is. */
  check?: (value: string) => string | undefined;
  /** The value when nothing sets it (the environment's conventions, such as XDG's data home). */
  fallback?: (env: NodeJS.ProcessEnv) => string | undefined;
  /** The ResearchRequest field it is the default of, for `filings query` and `filings mcp` alike
   * (`Settings.request`): given when something sets it, or `always` (its fallback too). */
  request?: { path: readonly string[]; always?: boolean; value?: (v: string) => unknown };
}

export interface SettingFlag {
  /** As Commander takes it, with the value's name: '--index <path>'. */
  spec: string;
  /** The command that takes it ('corpus pull'); absent: every command (a global option). */
  command?: string;
  /** The option's help when it says more than the key's description. */
  help?: string;
  /** The default as help and docs show it. */
  defaultText?: string;
}

/** '--user-agent <text>' -> '--user-agent'. */
export const flagText = (flag: SettingFlag): string => /--[\w-]+/.exec(flag.spec)![0];

/** Where Commander puts the flag's value among the parsed options: '--user-agent' -> 'userAgent'. */
export const flagAttr = (flag: SettingFlag): string =>
  flagText(flag)
    .slice(2)
    .replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

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

/** A model endpoint: an http(s) URL with no credentials in it (the key has its own setting). */
function checkModelUrl(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'is not a URL (e.g. http://127.0.0.1:8000/v1)';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must be an http:// or https:// URL';
  if (url.username || url.password) return 'must not carry credentials; the key is llm_api_key';
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
    flag: { spec: '--base-url <url>', help: 'service base URL including /v2/<domain>; none means the embedded local engine' },
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
    flag: {
      spec: '--api-key-file <file>',
      help: 'read the API key from a file (the key itself may come from FILINGS_API_KEY); sent only in X-API-Key',
    },
    path: true,
  },
  // Defaults of a request (query and MCP alike); the CLI asks research mode where the service's is basic.
  {
    key: 'mode',
    description: 'default query mode',
    check: oneOf(MODES),
    fallback: () => 'research',
    request: { path: ['mode'], always: true },
  },
  { key: 'effort', description: 'default effort', check: oneOf(EFFORTS), fallback: () => 'medium', request: { path: ['effort'] } },
  {
    key: 'format',
    description: 'default evidence format',
    check: oneOf(EVIDENCE_FORMATS),
    fallback: () => 'rendered',
    request: { path: ['include', 'evidence_format'] },
  },
  {
    key: 'max_evidence',
    description: 'default number of evidence chains a query asks for (-n); none: the effort decides (6, 10 or 16)',
    env: ['FILINGS_MAX_EVIDENCE'],
    numeric: true,
    check: (v) => (/^\d+$/.test(v.trim()) && Number(v) >= 1 ? undefined : 'must be a whole number, 1 or more'),
    request: { path: ['retrieval', 'max_evidence'], value: Number },
  },
  // The model that writes --answer (an OpenAI-compatible chat-completions endpoint): all three, or the
  // answer is extractive. The key is sent only in the endpoint's Authorization header.
  {
    key: 'llm_base_url',
    description: 'model endpoint (OpenAI-compatible, up to /v1) that writes answers; none: extractive answers',
    env: ['FILINGS_LLM_BASE_URL'],
    check: checkModelUrl,
  },
  { key: 'llm_model', description: 'the model the endpoint runs', env: ['FILINGS_LLM_MODEL'] },
  { key: 'llm_api_key', description: "the model endpoint's key (masked when shown)", env: ['FILINGS_LLM_API_KEY'], secret: true },
  {
    key: 'index',
    description: 'local index file',
    env: ['FILINGS_INDEX'],
    flag: { spec: '--index <path>', defaultText: '$XDG_DATA_HOME/filings/index.sqlite' },
    path: true,
    fallback: defaultIndexPath,
  },
  {
    key: 'timeout',
    description: 'network timeout in seconds (the service, EDGAR)',
    env: ['FILINGS_TIMEOUT'],
    flag: {
      spec: '--timeout <seconds>',
      help: 'network timeout (connect, first byte, idle)',
      defaultText: String(DEFAULT_TIMEOUT_SECONDS),
    },
    check: positiveSeconds,
    numeric: true,
    fallback: () => String(DEFAULT_TIMEOUT_SECONDS),
  },
  // 60: the engine's DEFAULT_LOCK_WAIT_MS (not imported: its module loads node:crypto); a test holds them equal.
  {
    key: 'lock_timeout',
    description: 'seconds a writer of the index waits for another one',
    env: ['FILINGS_LOCK_TIMEOUT'],
    check: seconds,
    numeric: true,
    fallback: () => '60',
  },
  {
    key: 'sec_user_agent',
    description: 'your name and email, sent to SEC EDGAR by corpus pull',
    env: ['FILINGS_SEC_USER_AGENT'],
    flag: { spec: '--user-agent <text>', command: 'corpus pull', help: 'your name and email for EDGAR' },
  },
  {
    key: 'sec_www_url',
    description: "EDGAR's www host (a mirror, tests)",
    env: ['FILINGS_SEC_WWW_URL'],
    check: httpUrl,
    fallback: () => EDGAR_HOSTS.www,
  },
  {
    key: 'sec_data_url',
    description: "EDGAR's data host (a mirror, tests)",
    env: ['FILINGS_SEC_DATA_URL'],
    check: httpUrl,
    fallback: () => EDGAR_HOSTS.data,
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

/** The row of `key`, or undefined for a key no setting has. */
export function settingDef(key: string): SettingDef | undefined {
  return SETTINGS.find((d) => d.key === key);
}
