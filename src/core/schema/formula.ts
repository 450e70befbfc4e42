/**
 * Pure arithmetic of the `compute` words, shared by the server (resources/derive.ts) and the
 * demo rows (server/demo/story.ts) so that both give the same cents.
 *
 * - Rounding is half-up (away from zero) at the field's decimals: 0.015 yuan -> 0.02.
 * - `percentOf`: `base × percent / 100`, rounded half-up, then never more than `cap` percent of
 *   the base (that bound is rounded DOWN to the decimals, so a rounded share cannot exceed it:
 *   30 % of 0.05 is 0.015, the share is at most 0.01), never more than the base, never below 0.
 *   A share and `subtract(base, share)` always add up to the base exactly.
 */

/** Half-up rounding to `places` decimals, immune to binary noise (1.005 -> 1.01). */
export function roundHalfUp(n: number, places: number): number {
  const k = 10 ** places;
  const r = Math.round((Math.abs(n) + Number.EPSILON * Math.max(1, Math.abs(n))) * k) / k;
  return n < 0 ? -r : r;
}

/** Rounds down (towards zero) to `places` decimals, tolerating binary noise (0.3 × 100 = 30). */
export function floorTo(n: number, places: number): number {
  const k = 10 ** places;
  const r = Math.floor(Math.abs(n) * k + 1e-7) / k;
  return n < 0 ? -r : r;
}

/** The share of `base` at `percent` %, capped at `cap` % of the base (see the file comment). */
export function percentOf(base: number, percent: number, places: number, cap?: number): number {
  if (!(base > 0) || !(percent > 0)) return 0;
  let v = roundHalfUp((base * percent) / 100, places);
  if (cap !== undefined) v = Math.min(v, floorTo((base * cap) / 100, places));
  return Math.max(0, Math.min(v, base));
}

/** The first value minus the others, rounded to `places` decimals (exact in cents). */
export function subtract(values: readonly number[], places: number): number {
  const k = 10 ** places;
  const [first = 0, ...rest] = values.map((v) => Math.round(v * k));
  return rest.reduce((a, b) => a - b, first) / k;
}
