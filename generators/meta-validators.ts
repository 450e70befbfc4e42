/**
 * The meta-schema validators as one ES module of ajv standalone code, for the server bundle
 * (generators/server-bundle.ts puts it in place of src/core/schema/meta-validators.precompiled.ts):
 * the same schemas and options as src/core/schema/meta-validators.ts, compiled at build time.
 */
import standaloneCode from 'ajv/dist/standalone/index.js';
import { META_SCHEMAS, metaAjv } from '../src/core/schema/meta-validators.js';

/** ajv's runtime helper for string lengths in code points, which its ESM output still requires. */
const UCS2LENGTH = /require\("ajv\/dist\/runtime\/ucs2length"\)\.default/g;

export function metaValidatorsModule(): string {
  const ajv = metaAjv(true);
  const refs = Object.fromEntries(Object.entries(META_SCHEMAS).map(([name, schema]) => [name, schema.$id]));
  const generate = (standaloneCode as unknown as { default?: typeof standaloneCode }).default ?? standaloneCode;
  const code = generate(ajv, refs).replace(UCS2LENGTH, 'ucs2length');
  const names = Object.keys(META_SCHEMAS);
  return [
    "import ucs2lengthModule from 'ajv/dist/runtime/ucs2length.js';",
    'const ucs2length = ucs2lengthModule.default ?? ucs2lengthModule;',
    code,
    `export default { ${names.join(', ')} };`,
    '',
  ].join('\n');
}
