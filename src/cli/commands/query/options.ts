// The options of `filings query`: this table drives Commander, --help, completion and docs/commands.md.
import { EFFORTS, EVIDENCE_FORMATS, MODES } from '../../../contract/enums.js';
import type { OptionDef } from '../../options.js';
import { formatOptions } from '../../output/formats.js';

export const EVIDENCE_VIEWS = ['brief', 'full'] as const;

export const QUERY_OPTIONS: OptionDef[] = [
  { flags: '--mode <mode>', description: 'query mode', group: 'Request', choices: MODES, defaultText: 'research (or config "mode")' },
  {
    flags: '-e, --effort <effort>',
    description: 'retrieval breadth',
    group: 'Request',
    choices: EFFORTS,
    defaultText: 'medium (service default)',
  },
  {
    flags: '-f, --filter <FIELD=VALUE>',
    description:
      'metadata filter, repeatable: = eq, != neq, >= gte, <= lte (quote those two for the shell); a field ' +
      'given twice with = means in; values keep their commas',
    group: 'Request',
    repeatable: true,
  },
  { flags: '--filters-json <json|@file>', description: 'metadata_filters as a JSON object (merged under --filter)', group: 'Request' },
  { flags: '-n, --max-evidence <n>', description: 'at most n evidence chains (retrieval.max_evidence)', group: 'Request' },
  {
    flags: '--evidence-format <format>',
    description: 'evidence format (config "format")',
    group: 'Request',
    choices: EVIDENCE_FORMATS,
    defaultText: 'rendered',
  },
  { flags: '--request <json|@file|->', description: 'a whole ResearchRequest body; other flags override its fields', group: 'Request' },
  { flags: '--answer', description: 'include a generated answer grounded in the evidence', group: 'Include in the response' },
  { flags: '--analysis', description: 'include a generated analysis (research modes)', group: 'Include in the response' },
  { flags: '--agent-context', description: 'include agent_context (markdown for an LLM prompt)', group: 'Include in the response' },
  { flags: '--distribution', description: 'include metadata_distribution', group: 'Include in the response' },
  { flags: '--dashboard', description: 'include metadata_dashboard (ASCII bars)', group: 'Include in the response' },
  { flags: '--no-evidence', description: 'leave out evidence', group: 'Include in the response' },
  { flags: '--no-instructions', description: 'leave out evidence_instructions', group: 'Include in the response' },
  { flags: '--no-summary', description: 'leave out summary', group: 'Include in the response' },
  {
    flags: '--stream',
    description: 'ask for Server-Sent Events and show deltas as they come',
    group: 'Output',
    defaultText: 'on when stdout is a TTY',
  },
  { flags: '--no-stream', description: 'ask for one JSON response', group: 'Output' },
  ...formatOptions({
    records:
      'the figures the answer states and the ones it declines, a row each (asks for the answer and its analysis); ' +
      'json is the ResearchResponse',
    says: {
      json: (d) =>
        `${d}; with --answer it asks for the analysis too, whose figures are records (analysis.figures) and whose gaps say ` +
        'what was not stated',
      jsonl: () => 'one {"event","data"} JSON object a line, each event of the response as it arrives',
    },
  }),
  { flags: '--evidence-only', description: 'print the evidence text alone', group: 'Output' },
  {
    flags: '--fail-on-gap',
    description:
      'with an answer: exit 10 when a figure asked is not stated (11 when none is), for CI; the output is printed whole first ' +
      '(asks for the answer and its analysis)',
    group: 'Output',
  },
  {
    flags: '--evidence <view>',
    description:
      'with --answer on a terminal: brief (the rows the answer cites and a line a chain) or full (every chain whole); pipes, files and JSON always get it all',
    group: 'Output',
    choices: EVIDENCE_VIEWS,
    defaultText: 'brief on a terminal',
  },
  { flags: '-v, --verbose', description: 'the same as --evidence full', group: 'Output' },
  {
    flags: '--explain',
    description:
      'show how the question was read before the answer: company, measure, period, operation, source, each ' +
      "word's use and the words not read (the QUESTION_READ notice)",
    group: 'Output',
  },
  {
    flags: '--verified-only',
    description:
      "with --answer from a model (FILINGS_LLM_*): leave out the answer's sentences whose figures do not " +
      'check against the evidence (marked [unverified]), with a notice',
    group: 'Output',
  },
  { flags: '-o, --output <file>', description: 'write the output to a file instead of stdout', group: 'Output' },
  { flags: '--dry-run', description: 'validate, print the request body as JSON and exit 0; nothing is sent', group: 'Output' },
  { flags: '--curl', description: 'with --dry-run: print the equivalent curl command (key masked)', group: 'Output' },
  {
    flags: '--min-evidence <n>',
    description: 'exit 8 when fewer than n evidence chains come back (CI smoke checks); n above -n is refused at once',
    group: 'Output',
  },
];
