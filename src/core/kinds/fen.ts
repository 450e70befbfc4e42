/**
 * Money on the wire is yuan with at most two decimals (a JSON number, as the protocol always
 * sent it); in the database it is a whole number of fen. The conversion is exact: the yuan
 * number is read by its shortest decimal text (what JSON carried), so 1.005 is 100.5 fen and
 * rounds half-up (away from zero) to 101, where `Math.round(1.005 * 100)` would give 100.
 */

/** Yuan (number or decimal text) -> whole fen, half-up at the fen; NaN when not a number. */
export function toFen(yuan: number | string): number {
  const v = typeof yuan === 'number' ? yuan : Number(yuan);
  if (!Number.isFinite(v)) return Number.NaN;
  const m = /^(\d+)(?:\.(\d+))?$/.exec(String(Math.abs(v)));
  // exponent forms (1e-7, 1e21) are beyond a fen's exactness either way
  const fen = m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(3, '0').slice(0, 2)) + (Number((m[2] ?? '')[2] ?? 0) >= 5 ? 1 : 0) : Math.round(Math.abs(v) * 100);
  return v < 0 && fen !== 0 ? -fen : fen;
}

/** Whole fen -> yuan (the closest double to the two-decimal amount, as JSON writes it). */
export function fromFen(fen: number): number {
  return fen / 100;
}

/** A yuan amount rounded half-up to the fen. */
export function roundYuan(yuan: number): number {
  return fromFen(toFen(yuan));
}
