/**
 * Identity-like numbers: mobile numbers, resident ID cards (GB 11643-1999), unified social
 * credit codes (GB 32100-2015 with the GB 11714 organisation code inside). Validation of phone
 * and ID card lives in src/core/validators (one implementation); here are only the builders
 * and the check-digit helpers they need.
 */
import { pad, type Rng } from './prng.js';
import { MOBILE_PREFIXES } from './places.js';

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/** GB 11643-1999 check character for the first 17 digits. */
export function idCardCheckDigit(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * ID_WEIGHTS[i]!;
  return ID_CHECK[sum % 11]!;
}

/** 18-digit ID: area (6) + birth YYYYMMDD + sequence (3, odd for men) + check. `seq` 0..499. */
export function buildIdCard(area: string, birth: string, sex: '1' | '2', seq: number): string {
  const s = 2 * (seq % 500) + (sex === '1' ? 1 : 0);
  const first17 = `${area}${birth.replace(/-/g, '')}${pad(s, 3)}`;
  return first17 + idCardCheckDigit(first17);
}

/** Mobile number: a real operator prefix + 8 digits (`suffix` makes it unique by construction). */
export function buildMobile(rng: Rng, suffix?: number): string {
  const p = rng.pick(MOBILE_PREFIXES);
  return p + (suffix === undefined ? rng.digits(8) : pad(suffix % 1e8, 8));
}

const USCC_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** GB 11714 organisation code: 8 body characters + check ('X' for 10). */
export function orgCodeCheck(body8: string): string {
  const w = [3, 7, 9, 10, 5, 8, 4, 2];
  let sum = 0;
  for (let i = 0; i < 8; i++) {
    const c = body8[i]!;
    const v = /\d/.test(c) ? Number(c) : c.charCodeAt(0) - 55;
    sum += v * w[i]!;
  }
  const r = 11 - (sum % 11);
  return r === 10 ? 'X' : r === 11 ? '0' : String(r);
}

/** GB 32100-2015 check character for the first 17 characters of a USCC. */
export function usccCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += USCC_CHARS.indexOf(first17[i]!) * USCC_WEIGHTS[i]!;
  return USCC_CHARS[(31 - (sum % 31)) % 31]!;
}

export function isValidUscc(code: string): boolean {
  if (!/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/.test(code)) return false;
  return usccCheckChar(code.slice(0, 17)) === code[17];
}

/**
 * USCC of an institution: registration kind ('12' public institution, '91' company,
 * '52' private non-enterprise unit) + area + 9-char organisation code + check.
 */
export function buildUscc(kind: string, area: string, orgBody: number): { uscc: string; orgCode: string } {
  const body = pad(orgBody % 1e8, 8);
  const orgCode = body + orgCodeCheck(body);
  const first17 = `${kind}${area}${orgCode}`;
  return { uscc: first17 + usccCheckChar(first17), orgCode };
}
