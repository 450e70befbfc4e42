/**
 * Seeded pseudo-random numbers for demo data (no Math.random anywhere in the generator).
 * mulberry32: 32-bit state, fast, good enough for test data; `hashSeed` mixes several
 * integers/strings into one 32-bit seed so every row can get its own independent stream.
 */

/** FNV-1a style mixing of numbers and strings into a 32-bit unsigned seed. */
export function hashSeed(...parts: Array<number | string>): number {
  let h = 0x811c9dc5;
  for (const p of parts) {
    const s = typeof p === 'number' ? `#${p}` : `$${p}`;
    for (let i = 0; i < s.length; i++) {
      h ^= s.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
    h ^= h >>> 13;
  }
  return h >>> 0;
}

export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  /** Float in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** Integer in [min, max] (inclusive). */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }
  /** Pick by weight: items are [value, weight] pairs. */
  weighted<T>(items: ReadonlyArray<readonly [T, number]>): T {
    let total = 0;
    for (const [, w] of items) total += w;
    let r = this.next() * total;
    for (const [v, w] of items) {
      r -= w;
      if (r < 0) return v;
    }
    return items[items.length - 1]![0];
  }
  /** n distinct items (n capped at the list length), in random order. */
  sample<T>(items: readonly T[], n: number): T[] {
    const copy = items.slice();
    this.shuffle(copy);
    return copy.slice(0, Math.min(n, copy.length));
  }
  shuffle<T>(arr: T[]): T[] {
    for (let i = arr.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      const t = arr[i]!;
      arr[i] = arr[j]!;
      arr[j] = t;
    }
    return arr;
  }
  /** A string of n random decimal digits. */
  digits(n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += String(Math.floor(this.next() * 10));
    return s;
  }
}

/** mulberry32 generator seeded with `seed`. */
export function createRng(seed: number): Rng {
  return new Rng(seed);
}

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

/**
 * A seeded bijection of [0, n) onto itself: i -> (a*i + b) mod n with gcd(a, n) = 1.
 * Used to make unique values by construction (phone suffixes, certificate numbers) without
 * remembering what was already issued, so a million rows need no Set.
 */
export class Permutation {
  readonly n: number;
  private readonly a: number;
  private readonly b: number;
  constructor(n: number, seed: number) {
    if (!Number.isSafeInteger(n) || n < 1) throw new Error(`bad permutation size ${n}`);
    this.n = n;
    const r = new Rng(seed);
    let a = 0;
    // a < 2^20 keeps a*i exact in float64 for n up to ~8e9
    for (let tries = 0; tries < 1000; tries++) {
      a = r.int(1 << 14, (1 << 20) - 1);
      if (gcd(a, n) === 1) break;
    }
    if (gcd(a, n) !== 1) a = 1;
    this.a = a % n || 1;
    this.b = r.int(0, Math.min(n - 1, 2 ** 31));
  }
  at(i: number): number {
    return (((this.a * (i % this.n)) % this.n) + this.b) % this.n;
  }
}

/** Weighted choice with a precomputed cumulative table (binary search): for hot paths. */
export class WeightedTable<T> {
  private readonly values: T[];
  private readonly cum: number[];
  private readonly total: number;
  constructor(items: ReadonlyArray<readonly [T, number]>) {
    this.values = items.map(([v]) => v);
    let t = 0;
    this.cum = items.map(([, w]) => (t += w));
    this.total = t;
  }
  pick(rng: Rng): T {
    const r = rng.next() * this.total;
    let lo = 0;
    let hi = this.cum.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cum[mid]! > r) hi = mid;
      else lo = mid + 1;
    }
    return this.values[lo]!;
  }
}

export const pad = (n: number, width: number): string => String(n).padStart(width, '0');
