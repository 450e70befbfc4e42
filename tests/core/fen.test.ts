import { describe, expect, test } from 'vitest';
import { fromFen, roundYuan, toFen } from '../../src/core/kinds/fen.js';
import { percentOf, subtract } from '../../src/core/schema/formula.js';

describe('money: yuan on the wire, whole fen in the column', () => {
  test('yuan -> fen is exact by the decimal text, half-up at the fen', () => {
    expect(toFen(0.1)).toBe(10);
    expect(toFen(0.1 + 0.2)).toBe(30); // 0.30000000000000004 -> 30 fen
    expect(toFen(1.005)).toBe(101); // Math.round(1.005 * 100) gives 100
    expect(toFen(1.004)).toBe(100);
    expect(toFen(19.99)).toBe(1999);
    expect(toFen(-2.345)).toBe(-235); // away from zero
    expect(toFen(-0.001)).toBe(0);
    expect(Object.is(toFen(-0.001), -0)).toBe(false);
    expect(toFen('123.45')).toBe(12345);
    expect(toFen(99999999.99)).toBe(9999999999);
    expect(toFen(1e-7)).toBe(0);
    expect(toFen('abc')).toBeNaN();
  });

  test('fen -> yuan is the two-decimal number JSON sends', () => {
    expect(fromFen(30)).toBe(0.3);
    expect(JSON.stringify(fromFen(1999))).toBe('19.99');
    expect(fromFen(10) + fromFen(20)).not.toBe(0.3); // why sums are taken in fen
    expect(fromFen(toFen(0.1) + toFen(0.2))).toBe(0.3);
    expect(roundYuan(2.675)).toBe(2.68);
  });

  test('a split (percentOf, half-up, capped) and its remainder (subtract) add up to the whole, in fen', () => {
    for (let fen = 1; fen <= 3000; fen += 7) {
      const base = fromFen(fen);
      for (const pct of [0.6, 1, 3.3, 12.5, 30, 33.33, 50, 66.67]) {
        const share = percentOf(base, pct, 2, 30);
        const rest = subtract([base, share], 2);
        expect(toFen(share) + toFen(rest)).toBe(fen);
        expect(toFen(share)).toBeLessThanOrEqual(Math.floor(fen * 0.3 + 1e-9));
      }
    }
  });
});
