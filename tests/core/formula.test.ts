import { describe, expect, test } from 'vitest';
import { floorTo, percentOf, roundHalfUp, subtract } from '../../src/core/schema/formula.js';

const cents = (n: number) => Math.round(n * 100);

describe('compute arithmetic (percentOf, subtract)', () => {
  test('shares round half-up to the fen', () => {
    expect(percentOf(33.33, 10, 2)).toBe(3.33);
    expect(percentOf(0.15, 10, 2)).toBe(0.02); // 0.015 -> 0.02
    expect(percentOf(1.05, 50, 2)).toBe(0.53); // 0.525 -> 0.53
    expect(percentOf(99.99, 12.5, 2)).toBe(12.5); // 12.49875 -> 12.50
    expect(roundHalfUp(1.005, 2)).toBe(1.01);
    expect(roundHalfUp(-1.005, 2)).toBe(-1.01);
    expect(floorTo(0.3 * 100, 0)).toBe(30);
  });

  test('the WeChat cap: never more than 30 % of the amount, the bound rounded down', () => {
    expect(percentOf(100, 35, 2, 30)).toBe(30);
    expect(percentOf(0.05, 30, 2, 30)).toBe(0.01); // half-up would give 0.02 > 0.015
    expect(percentOf(0.03, 30, 2, 30)).toBe(0); // 30 % of 3 fen is less than a fen
    expect(percentOf(10, 150, 2)).toBe(10); // never more than the base
    expect(percentOf(0, 20, 2, 30)).toBe(0);
    expect(percentOf(50, 0, 2, 30)).toBe(0);
  });

  test('share and remainder add up to the amount, for every amount and ratio', () => {
    for (let fen = 1; fen <= 5000; fen += 7) {
      const amount = fen / 100;
      for (let r = 0; r <= 4000; r += 125) {
        const ratio = r / 100;
        const share = percentOf(amount, ratio, 2, 30);
        const rest = subtract([amount, share], 2);
        expect(cents(share) + cents(rest)).toBe(fen);
        expect(share).toBe(cents(share) / 100); // whole fen
        expect(cents(share)).toBeLessThanOrEqual(Math.floor(fen * 0.3 + 1e-9));
        expect(rest).toBeGreaterThanOrEqual(0);
      }
    }
  });

  test('subtract: the first minus the others, exact in fen', () => {
    expect(subtract([0.3, 0.1], 2)).toBe(0.2);
    expect(subtract([100, 30.01, 0.99], 2)).toBe(69);
    expect(subtract([12, 15.5], 2)).toBe(-3.5);
    expect(subtract([7, 9], 0)).toBe(-2);
  });
});
