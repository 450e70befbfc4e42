/**
 * Module schemas the console has loaded so far, kept apart from the loaders (schemas.ts) so
 * that the access rule can look them up without pulling every module's loader into the login
 * bundle.
 */
import type { ResourceSchema } from '../../core/schema/types';

export const loadedSchemas = new Map<string, ResourceSchema | null>();

/** Every schema loaded so far (the access rule's lookup: a child resource needs its parent's). */
export function loadedResourceSchemas(): ResourceSchema[] {
  return [...loadedSchemas.values()].filter((s): s is ResourceSchema => !!s);
}
