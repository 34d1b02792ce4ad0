// The index the benchmarks read: FILINGS_INDEX, else the CLI's default ($XDG_DATA_HOME/filings/index.sqlite).
import { resolve } from 'node:path';
import { defaultIndexPath } from '../../dist/engine/index/location.js';

export const resolveIndexPath = ({ env }) => (env.FILINGS_INDEX ? resolve(env.FILINGS_INDEX) : defaultIndexPath(env));
