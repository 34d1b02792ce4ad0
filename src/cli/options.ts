// One table of options drives Commander registration, `--help`, completions and the README
// (the npm-check-updates way). Importing this must stay cheap: no schema library, no I/O.
import { Option, type Command } from 'commander';
import { EFFORTS, EVIDENCE_FORMATS, MODES } from '../contract/enums.js';

export type OptionGroup = 'Request' | 'Include in the response' | 'Output' | 'Connection' | 'General';

export interface OptionDef {
  /** Commander flags, e.g. '-f, --filter <FIELD=VALUE>'. */
  flags: string;
  description: string;
  group: OptionGroup;
  choices?: readonly string[];
  /** Collects every occurrence into an array. */
  repeatable?: boolean;
  /** Environment variable read when the flag is absent. */
  env?: string;
  /** Shown in help and README instead of a computed default. */
  defaultText?: string;
  /** Hidden from help (still accepted). */
  hidden?: boolean;
}

/** Options of `filings query`. */
export const QUERY_OPTIONS: OptionDef[] = [
  { flags: '-m, --mode <mode>', description: 'query mode', group: 'Request', choices: MODES, defaultText: 'research (or config "mode")' },
  { flags: '-e, --effort <effort>', description: 'retrieval breadth', group: 'Request', choices: EFFORTS, defaultText: 'medium (service default)' },
  {
    flags: '-f, --filter <FIELD=VALUE>',
    description: 'metadata filter, repeatable: = eq, != neq, >= gte, <= lte; a field given twice with = means in; values keep their commas',
    group: 'Request',
    repeatable: true,
  },
  { flags: '--filters-json <json|@file>', description: 'metadata_filters as a JSON object (merged under --filter)', group: 'Request' },
  { flags: '-n, --max-evidence <n>', description: 'at most n evidence chains (retrieval.max_evidence)', group: 'Request' },
  { flags: '--format <format>', description: 'evidence format', group: 'Request', choices: EVIDENCE_FORMATS, defaultText: 'rendered' },
  { flags: '--request <json|@file|->', description: 'a whole ResearchRequest body; other flags override its fields', group: 'Request' },
  { flags: '--answer', description: 'include a generated answer grounded in the evidence', group: 'Include in the response' },
  { flags: '--analysis', description: 'include a generated analysis (research modes)', group: 'Include in the response' },
  { flags: '--agent-context', description: 'include agent_context (markdown for an LLM prompt)', group: 'Include in the response' },
  { flags: '--distribution', description: 'include metadata_distribution', group: 'Include in the response' },
  { flags: '--dashboard', description: 'include metadata_dashboard (ASCII bars)', group: 'Include in the response' },
  { flags: '--no-evidence', description: 'leave out evidence', group: 'Include in the response' },
  { flags: '--no-instructions', description: 'leave out evidence_instructions', group: 'Include in the response' },
  { flags: '--no-summary', description: 'leave out summary', group: 'Include in the response' },
  { flags: '--stream', description: 'ask for Server-Sent Events and show deltas as they come', group: 'Output', defaultText: 'on when stdout is a TTY' },
  { flags: '--no-stream', description: 'ask for one JSON response', group: 'Output' },
  { flags: '--json', description: 'print the ResearchResponse JSON alone (errors as ErrorResponse JSON)', group: 'Output' },
  { flags: '--jsonl', description: 'print one {"event","data"} JSON object a line as events arrive', group: 'Output' },
  { flags: '--evidence-only', description: 'print the evidence text alone', group: 'Output' },
  { flags: '-o, --output <file>', description: 'write the output to a file instead of stdout', group: 'Output' },
  { flags: '--dry-run', description: 'validate, print the request body as JSON and exit 0; nothing is sent', group: 'Output' },
  { flags: '--curl', description: 'with --dry-run: print the equivalent curl command (key masked)', group: 'Output' },
  { flags: '--min-evidence <n>', description: 'exit 8 when fewer than n evidence chains come back (CI smoke checks)', group: 'Output' },
];

/** Options every command that talks to a backend accepts (defined once, on the program). */
export const GLOBAL_OPTIONS: OptionDef[] = [
  { flags: '--base-url <url>', description: 'service base URL including /v2/<domain>; none means the embedded local engine', group: 'Connection', env: 'FILINGS_BASE_URL' },
  { flags: '--api-key-file <file>', description: 'read the API key from a file (the key itself may come from FILINGS_API_KEY); sent only in X-API-Key', group: 'Connection', env: 'FILINGS_API_KEY_FILE' },
  { flags: '--profile <name>', description: 'configuration profile', group: 'Connection', env: 'FILINGS_PROFILE', defaultText: 'default' },
  { flags: '--local', description: 'use the embedded local engine even when a base URL is configured', group: 'Connection' },
  { flags: '--index <path>', description: 'local index file', group: 'Connection', env: 'FILINGS_INDEX', defaultText: '$XDG_DATA_HOME/filings/index.sqlite' },
  { flags: '--timeout <seconds>', description: 'network timeout (connect, first byte, idle)', group: 'Connection', env: 'FILINGS_TIMEOUT', defaultText: '60' },
  { flags: '--no-color', description: 'no colour (also NO_COLOR=1; FORCE_COLOR=1 forces it)', group: 'General' },
  { flags: '--debug', description: 'print stack traces of internal errors', group: 'General' },
];

const collect = (value: string, previous: string[] | undefined): string[] => [...(previous ?? []), value];

export function addOptions(cmd: Command, defs: OptionDef[]): Command {
  for (const d of defs) {
    const o = new Option(d.flags, d.description).helpGroup(`${d.group}:`);
    if (d.choices) o.choices(d.choices);
    if (d.repeatable) o.argParser(collect);
    if (d.defaultText) o.default(undefined, d.defaultText);
    if (d.hidden) o.hideHelp();
    cmd.addOption(o);
  }
  return cmd;
}

/** The long name of an option definition: '--max-evidence <n>' -> 'max-evidence'. */
export function longName(def: OptionDef): string {
  return /--([\w-]+)/.exec(def.flags)![1]!;
}
