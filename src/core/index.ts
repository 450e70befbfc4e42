/** Isomorphic core: schema language + loader, rule catalogue, projections, protocol. */
export * from './schema/index.js';
export * from './validators/index.js';
export * from './projections/index.js';
export * from './protocol/index.js';
