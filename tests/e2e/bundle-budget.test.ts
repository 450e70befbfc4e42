/**
 * Bundle budgets, checked on the production build (this suite runs after `npm run build`):
 * the gzip size of what the login route, the dashboard and a list route load, how many files
 * they ask for, and what the generic engine adds on top of the shell, may not grow past
 * bench/budgets.json. Sizes are
 * deterministic for a given build, so this fails the build instead of a timing test.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { measureCharts, measureEngine, measureRoutes } from '../../bench/bundle.js';
import { ROOT } from './harness.js';

interface Budget {
  budget: number;
  target: number;
}
const budgets = JSON.parse(readFileSync(join(ROOT, 'bench/budgets.json'), 'utf8')) as { routes: Record<string, Budget & { files: number }>; engineChunk: Budget; chartChunk: Budget };
const dist = join(ROOT, 'dist/client');
const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

describe('bundle budgets (gzip KiB)', () => {
  const measured = measureRoutes(dist);

  it('the build has a manifest and every budgeted route is measured', () => {
    expect(measured, 'dist/client/.vite/manifest.json is missing: run npm run build').not.toBeNull();
    expect(measured!.routes.map((r) => r.route).sort()).toEqual(Object.keys(budgets.routes).sort());
  });

  for (const [route, b] of Object.entries(budgets.routes)) {
    it(`${route} loads at most ${b.budget} KiB`, () => {
      const r = measured!.routes.find((x) => x.route === route)!;
      expect(r.missing, `chunks not found for ${route}`).toEqual([]);
      const largest = r.largest.map((l) => `${l.file} ${kib(l.gzBytes)}`).join(', ');
      expect(kib(r.gzBytes), `${route}: ${kib(r.gzBytes)} KiB over its budget; largest: ${largest}`).toBeLessThanOrEqual(b.budget);
    });
  }

  for (const [route, b] of Object.entries(budgets.routes)) {
    it(`${route} asks for at most ${b.files} JS files on its first load`, () => {
      const r = measured!.routes.find((x) => x.route === route)!;
      expect(r.files.length, `${route}: ${r.files.join(', ')}`).toBeLessThanOrEqual(b.files);
    });
  }

  it(`the engine adds at most ${budgets.engineChunk.budget} KiB to the shell`, () => {
    const e = measureEngine(dist);
    expect(e, 'engine chunk not found in the manifest').not.toBeNull();
    expect(kib(e!.gzBytes)).toBeLessThanOrEqual(budgets.engineChunk.budget);
  });

  it(`the chart library is loaded only by the chart chunk, at most ${budgets.chartChunk.budget} KiB, never on a route's first load`, () => {
    const c = measureCharts(dist);
    expect(c, 'chart chunk (pages/.../charts/ChartView) not found in the manifest').not.toBeNull();
    expect(c!.holdsLibrary).toBe(true);
    expect(kib(c!.gzBytes)).toBeLessThanOrEqual(budgets.chartChunk.budget);
    for (const r of measured!.routes) expect(r.hasCharts, r.route).toBe(false);
  });

  it("antd Result's illustrations stay off every route's first load (the engine loads Result when it shows one)", () => {
    for (const r of measured!.routes) expect(r.hasResultImages, r.route).toBe(false);
  });

  it("antd Image's preview stays off every route's first load (an image field's thumbnails load it on the first click)", () => {
    for (const r of measured!.routes) expect(r.hasImagePreview, r.route).toBe(false);
  });

  it('ProTable stays off the login and dashboard routes', () => {
    for (const route of ['/user/login', '/dashboard/analysis']) {
      expect(measured!.routes.find((x) => x.route === route)!.hasProTable, route).toBe(false);
    }
  });
});
