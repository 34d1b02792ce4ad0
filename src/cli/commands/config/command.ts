// `filings config path|get|set|unset|list`: the definitions; the actions (action.ts) load when a
// command runs.
import type { CommandDef } from '../../command.js';

const json = { flags: '--json', description: 'print as JSON: each value with its source' };

export const configCommand: CommandDef = {
  name: 'config',
  description: 'show or change the configuration file (profiles, base URL, key)',
  help: 'Settings come from, in order: flags > environment > the profile in the config file > defaults.',
  examples: [
    'filings config set base_url https://api-beta.ai-baseline.xyz/v2/sandp_500',
    'filings config list',
    'filings --profile work config get mode',
  ],
  subcommands: [
    {
      name: 'path',
      description: 'print the config file path',
      action: async (ctx) => (await import('./action.js')).configPath(ctx),
    },
    {
      name: 'get',
      description: 'print the value in effect of one key (from a flag, the environment, the profile or the default; api_key masked)',
      args: [{ spec: '<key>' }],
      options: [json],
      action: async (ctx) => (await import('./action.js')).configGet(ctx),
    },
    {
      name: 'set',
      description: 'set a key in the profile (written with mode 0600)',
      args: [{ spec: '<key>' }, { spec: '<value>' }],
      action: async (ctx) => (await import('./action.js')).configSet(ctx),
    },
    {
      name: 'unset',
      description: 'remove a key from the profile',
      args: [{ spec: '<key>' }],
      action: async (ctx) => (await import('./action.js')).configUnset(ctx),
    },
    {
      name: 'list',
      description: 'print every setting in effect and where each comes from: flag, environment, profile or default (api_key masked)',
      options: [json],
      examples: ['filings config list --json | jq -r \'.settings | to_entries[] | "\\(.key) \\(.value.source)"\''],
      action: async (ctx) => (await import('./action.js')).configList(ctx),
    },
  ],
};
