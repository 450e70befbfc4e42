export * from './config.js';
export * from './cipher.js';
export * from './sign.js';
export * from './headers.js';
export * from './envelope.js';
