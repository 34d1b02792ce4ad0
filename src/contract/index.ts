// The contract in code. Imports nothing else of the project.
export * from './errors.js';
export * from './fields.js';
export * from './filters.js';
export * from './limits.js';
export * from './normalize.js';
export * from './canonical.js';
export * from './item-tags.js';
export * from './metadata-filters.js';
export * from './schemas.js';
export type * from './types.js';
export * from './validate.js';
