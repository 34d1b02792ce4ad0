// `filings openapi`: the definition; the action (action.ts) loads when the command runs.
import type { CommandDef } from '../../command.js';

export const openapiCommand: CommandDef = {
  name: 'openapi',
  description: 'print the OpenAPI 3.1 document of the contract (version 7.12.8)',
  options: [{ flags: '--server <url>', description: 'add a server URL to the document' }],
  examples: [`filings openapi --server http://127.0.0.1:8080/v2/sandp_500 | jq '.paths | keys'`],
  action: async (ctx) => (await import('./action.js')).runOpenApi(ctx),
};
