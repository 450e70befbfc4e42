/**
 * Warming a module schema without running it. The build writes into index.html a JSON map of
 * schema name -> chunk URL (vite.config.ts, generators/route-chunks.ts schemaChunkMap); a warm
 * asks the browser to prefetch the chunk into its HTTP cache (<link rel="prefetch">), so a first
 * click on the module reads it from there, while the page's memory holds none of the schemas the
 * user has not opened (evaluating all of them after the first rows cost ~1.2 MiB of JS heap).
 */

/** The id of index.html's <script type="application/json"> holding the map. */
export const SCHEMA_CHUNKS_ID = 'schema-chunks';

let chunks: Record<string, string> | null | undefined;
const warmed = new Set<string>();

/** The build's map, or null where there is none (dev server, unit tests). */
function chunkMap(doc: Document): Record<string, string> | null {
  if (chunks !== undefined) return chunks;
  const text = doc.getElementById(SCHEMA_CHUNKS_ID)?.textContent;
  try {
    chunks = text ? (JSON.parse(text) as Record<string, string>) : null;
  } catch {
    chunks = null;
  }
  return chunks;
}

/**
 * Prefetches these schemas' chunks (each once). Returns the names it could not prefetch (no
 * map, or not in it): the caller loads those the ordinary way.
 */
export function prefetchSchemaChunks(names: readonly string[], doc: Document = document): string[] {
  const map = chunkMap(doc);
  if (!map) return [...names];
  const rest: string[] = [];
  for (const name of names) {
    const href = map[name];
    if (!href) {
      rest.push(name);
      continue;
    }
    if (warmed.has(name)) continue;
    warmed.add(name);
    const link = doc.createElement('link');
    link.rel = 'prefetch';
    link.as = 'script';
    // the later import() fetches in cors mode: the same mode lets it reuse this response
    link.crossOrigin = 'anonymous';
    link.href = href;
    doc.head.appendChild(link);
  }
  return rest;
}

/** Test seam: forget the map and the warmed names. */
export function resetSchemaChunks(): void {
  chunks = undefined;
  warmed.clear();
}
