/**
 * The meta-schema validators as precompiled code: none in the sources (meta-validators.ts
 * compiles them on first use). The server bundle replaces this module with the standalone code
 * generators/meta-validators.ts makes from the same meta-schemas when the bundle is built.
 */
import type { ValidateFunction } from 'ajv';

const precompiled: Record<string, ValidateFunction> | null = null;
export default precompiled;
