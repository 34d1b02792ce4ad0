// `filings openapi`: the document generated from the schemas that validate requests.
import { openApiDocument } from '../../../contract/openapi.js';
import type { ActionContext } from '../../command.js';

export async function runOpenApi({ opts, io }: ActionContext): Promise<void> {
  const server = opts.server as string | undefined;
  io.stdout.write(`${JSON.stringify(openApiDocument(server ? [server] : []), null, 2)}\n`);
}
