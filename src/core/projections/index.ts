export * from './display.js';
export * from './columns.js';
export * from './query.js';
export * from './formily.js';
export * from './validator.js';
export * from './sql.js';
export * from './menu.js';
export * from './access.js';
