export * from './types.js';
export * from './naming.js';
export * from './registry.js';
export * from './migrate.js';
export * from './load.js';
