// The contract suite against `filings serve` over real HTTP (worker threads over the sample index),
// through the remote client with local validation off, so the server's own validation answers.
// Workers run compiled code, so the server comes from dist/ (kept fresh by ensureBuilt).
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { Backend } from '../../src/backend.js';
import { createRemoteBackend } from '../../src/client/remote-backend.js';
import type * as HttpServerModule from '../../src/server/http-server.js';
import { contractSuite } from '../contract-suite/suite.js';
import { ROOT, ensureBuilt } from './helpers.js';

const KEY = 'k-contract-suite-0123456789';
let server: HttpServerModule.RunningServer;
let backend: Backend;

beforeAll(async () => {
  ensureBuilt();
  const { createServer } = (await import(join(ROOT, 'dist/server/http-server.js'))) as typeof HttpServerModule;
  server = await createServer({
    host: '127.0.0.1',
    port: 0,
    indexPath: process.env.FILINGS_TEST_INDEX!,
    workers: 2,
    keys: [KEY],
    rateLimit: 0,
  });
  backend = createRemoteBackend({ baseUrl: server.baseUrl, apiKey: KEY, validateLocally: false, retries: { max: 0 } });
});
afterAll(async () => {
  await backend?.close();
  await server?.close({ timeoutMs: 2000 });
});

contractSuite('filings serve over HTTP', () => backend);
