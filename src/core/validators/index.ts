export * from './formats.js';
export * from './rules.js';
export * from './condition.js';
export * from './dict.js';
