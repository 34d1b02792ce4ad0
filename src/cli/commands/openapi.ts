import { openApiDocument } from '../../contract/openapi.js';

export function runOpenApi(opts: { server?: string }): void {
  process.stdout.write(JSON.stringify(openApiDocument(opts.server ? [opts.server] : []), null, 2) + '\n');
}
