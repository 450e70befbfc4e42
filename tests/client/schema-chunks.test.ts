// @vitest-environment happy-dom
/**
 * engine/schemaChunks.ts: the idle warm-up of the menu's module schemas prefetches their chunks
 * into the HTTP cache, one <link rel="prefetch"> per schema and never twice, without running
 * them; a schema the build's map does not name (or every schema, where there is no map: dev
 * server, tests) is handed back to be loaded the ordinary way.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { SCHEMA_CHUNKS_ID, prefetchSchemaChunks, resetSchemaChunks } from '../../src/client/engine/schemaChunks';

function withMap(map: unknown) {
  const el = document.createElement('script');
  el.type = 'application/json';
  el.id = SCHEMA_CHUNKS_ID;
  el.textContent = JSON.stringify(map);
  document.body.appendChild(el);
}
const prefetched = () => [...document.head.querySelectorAll('link[rel="prefetch"]')].map((l) => [l.getAttribute('href'), l.getAttribute('as'), l.getAttribute('crossorigin')]);

afterEach(() => {
  resetSchemaChunks();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('prefetching module schema chunks', () => {
  it('adds one prefetch link per mapped schema, once, and hands back the unmapped ones', () => {
    withMap({ hisDoctor: '/assets/hisDoctor-C6RgkWEY.js', hisHospital: '/assets/hisHospital-Q1w2E3r4.js' });
    expect(prefetchSchemaChunks(['hisDoctor', 'hisHospital', 'unknownModule'])).toEqual(['unknownModule']);
    expect(prefetchSchemaChunks(['hisDoctor'])).toEqual([]);
    expect(prefetched()).toEqual([
      ['/assets/hisDoctor-C6RgkWEY.js', 'script', 'anonymous'],
      ['/assets/hisHospital-Q1w2E3r4.js', 'script', 'anonymous'],
    ]);
  });

  it('without the build map (or with a broken one) prefetches nothing and hands every schema back', () => {
    expect(prefetchSchemaChunks(['hisDoctor', 'sysUser'])).toEqual(['hisDoctor', 'sysUser']);
    resetSchemaChunks();
    const el = document.createElement('script');
    el.id = SCHEMA_CHUNKS_ID;
    el.textContent = '{not json';
    document.body.appendChild(el);
    expect(prefetchSchemaChunks(['hisDoctor'])).toEqual(['hisDoctor']);
    expect(prefetched()).toEqual([]);
  });
});
