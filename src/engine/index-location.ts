// The engine's entry for where the index lives and what can be wrong with it: light enough for the
// command line to load on every start (its settings name the default path, the configuration's and
// the cache's directories).
export { defaultIndexPath, homeDirectory, linkTarget, xdgDirectory } from './index/location.js';
export { IndexReadOnlyError, IndexUnavailableError } from './index/errors.js';
export type { LockOptions } from './index/lock.js';
