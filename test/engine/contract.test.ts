// The contract suite against the embedded engine, in-process, on the sample index.
import { afterAll, beforeAll } from 'vitest';
import type { Backend } from '../../src/backend.js';
import { openEngineBackend } from '../../src/engine/engine-backend.js';
import { contractSuite } from '../contract-suite/suite.js';

let backend: Backend;
beforeAll(async () => {
  backend = await openEngineBackend({ indexPath: process.env.FILINGS_TEST_INDEX! });
});
afterAll(async () => backend.close());

contractSuite('embedded engine', () => backend);
