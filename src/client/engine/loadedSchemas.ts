/**
 * Module schemas the console has loaded so far, kept apart from the loaders (schemas.ts) so
 * that the access rule can look them up without pulling every module's loader into the login
 * bundle.
 */
import type { ResourceSchema } from '../../core/schema/types';

export const loadedSchemas = new Map<string, ResourceSchema | null>();

let last: ResourceSchema[] = [];

/** Every schema loaded so far (the access rule's lookup: a child resource needs its parent's). */
export function loadedResourceSchemas(): ResourceSchema[] {
  const now = [...loadedSchemas.values()].filter((s): s is ResourceSchema => !!s);
  // the same array while nothing changed, so callers may keep what they built from it
  if (now.length === last.length && now.every((s, i) => s === last[i])) return last;
  last = now;
  return now;
}
