/**
 * Module schemas on the client: one lazy chunk per `schemas/modules/<name>.json`.
 *
 * The files are validated by the schema linter and by the server at start-up
 * (ajv strict, cross references), so the client trusts their shape and does not
 * ship ajv. A missing module resolves to `null` so the page can say so.
 */
import type { ResourceSchema } from '../../core/schema/types';
import { loadedSchemas } from './loadedSchemas';

type Loader = () => Promise<ResourceSchema>;

const modules = import.meta.glob<ResourceSchema>('/schemas/modules/*.json', { import: 'default' });

/** name -> loader, keyed by file name without `.json`. */
const loaders = new Map<string, Loader>();
for (const [path, load] of Object.entries(modules)) {
  const name = path.slice(path.lastIndexOf('/') + 1).replace(/\.json$/, '');
  loaders.set(name, load as Loader);
}

const cache = new Map<string, Promise<ResourceSchema | null>>();
/** Schemas already loaded (prefetched or opened before), for a first render without a wait. */
const loaded = loadedSchemas;

/** Names of every bundled module schema. */
export function resourceNames(): string[] {
  return [...loaders.keys()].sort();
}

/**
 * Loads one module schema by its resource name (`hisDoctor`). Resolves to
 * `null` when no such module is bundled; rejects only when the chunk fails to
 * load (network), so the caller can offer a retry.
 */
export function loadResourceSchema(name: string): Promise<ResourceSchema | null> {
  const hit = cache.get(name);
  if (hit) return hit;
  const load = loaders.get(name);
  const p: Promise<ResourceSchema | null> = load
    ? load().then((s) => {
      if (cache.get(name) === p) loaded.set(name, s);
      return s;
    }, (err: unknown) => {
      cache.delete(name);
      throw err;
    })
    : Promise.resolve(null);
  cache.set(name, p);
  return p;
}

/** The schema if it is already loaded (undefined while unknown or loading). */
export function peekResourceSchema(name: string): ResourceSchema | null | undefined {
  return loaded.get(name);
}

/** Test seam: pre-seed or override a schema (unit tests use fixtures). */
export function registerResourceSchema(schema: ResourceSchema): void {
  cache.set(schema.name, Promise.resolve(schema));
  loaded.set(schema.name, schema);
}

/** Test seam: forget registered or loaded schemas. */
export function clearResourceSchemaCache(): void {
  cache.clear();
  loaded.clear();
}
