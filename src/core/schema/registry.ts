import type { DictSchema, PlatformService, ResourceSchema } from './types.js';

/** All loaded resources and dictionaries; every projection that follows refs takes one. */
export interface Registry {
  resources: Map<string, ResourceSchema>;
  dicts: Map<string, DictSchema>;
  /** The resource named `name`; throws `未知资源：<name>` if absent. */
  resource(name: string): ResourceSchema;
  /** The dictionary `code`; throws `未知字典：<code>` if absent. */
  dict(code: string): DictSchema;
  /** The resource declaring `serves: service`, if one does. */
  serving(service: PlatformService): ResourceSchema | undefined;
}

/** Build a registry from already-valid documents (tests, bundles); `loadRegistry` checks files first. */
export function createRegistry(resources: Iterable<ResourceSchema>, dicts: Iterable<DictSchema> = []): Registry {
  const r = new Map<string, ResourceSchema>();
  for (const s of resources) r.set(s.name, s);
  const d = new Map<string, DictSchema>();
  for (const s of dicts) d.set(s.code, s);
  return {
    resources: r,
    dicts: d,
    resource(name) {
      const s = r.get(name);
      if (!s) throw new Error(`未知资源：${name}（已加载：${[...r.keys()].join('、') || '无'}）`);
      return s;
    },
    dict(code) {
      const s = d.get(code);
      if (!s) throw new Error(`未知字典：${code}`);
      return s;
    },
    serving(service) {
      for (const s of r.values()) if (s.serves === service) return s;
      return undefined;
    },
  };
}
