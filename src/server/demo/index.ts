/** Seeded, schema-driven demo data (see generate.ts). */
export type { DemoOptions, Row } from './context.js';
export { generateRows, generateRowsIter, seedOrder, DEFAULT_NOW, demoToday } from './generate.js';
export { recordsWithRefs } from './records.js';
export { NAMED_GENERATORS, demoGeneratorNames } from './named.js';
export { createRng, hashSeed, Rng, Permutation } from './prng.js';
export { buildIdCard, buildMobile, buildUscc, idCardCheckDigit, isValidUscc, orgCodeCheck, usccCheckChar } from './ids.js';
export { DRUGS } from './drugs.js';
export { DEPARTMENTS, REAL_HOSPITALS, ROLES } from './medical.js';
export { DISTRICTS, MOBILE_PREFIXES } from './places.js';
