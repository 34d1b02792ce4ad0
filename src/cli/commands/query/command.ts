// `filings query`: the definition; the action (action.ts) loads when the command runs.
import type { CommandDef } from '../../command.js';
import { QUERY_OPTIONS } from './options.js';

export const queryCommand: CommandDef = {
  name: 'query',
  description: 'ask a question; prints evidence (and an answer with --answer)',
  args: [
    {
      spec: '[question...]',
      description: 'the question; "-" reads standard input (typed input ends with Ctrl-D), as does no argument with input piped',
    },
  ],
  options: QUERY_OPTIONS,
  examples: [
    `filings query "What was 3M's capital expenditure in FY2018?"`,
    `filings query --answer -f ticker=KO -f year=2022 "dividend payout"`,
    `filings query -f sector="Information Technology" -f 'filed>=2023-01-01' "supply chain risks"`,
    `echo "Is Boeing's business cyclical?" | filings query --json | jq .summary`,
    `filings query --jsonl --answer "Pfizer Upjohn spin-off" | jq -j 'select(.event=="answer.delta") | .data.delta'`,
    `filings query --dry-run --curl --mode agentic_research "Compare AMD and NVIDIA R&D"`,
    `filings query --min-evidence 3 --json "Pfizer Upjohn spin-off" > /dev/null   # CI smoke check`,
  ],
  action: async (ctx) => (await import('./action.js')).runQuery(ctx),
};
