/**
 * The table of field kinds: one descriptor per kind (one file each). Adding a kind is one file
 * here, its name in FIELD_KINDS, and its renderers on the client.
 */
import type { FieldKind } from '../schema/types.js';
import type { KindDescriptor } from './types.js';
import { stringKind } from './string.js';
import { textKind } from './text.js';
import { integerKind } from './integer.js';
import { numberKind } from './number.js';
import { moneyKind } from './money.js';
import { booleanKind } from './boolean.js';
import { dateKind } from './date.js';
import { datetimeKind } from './datetime.js';
import { timeKind } from './time.js';
import { dictKind } from './dict.js';
import { refKind } from './ref.js';
import { refsKind } from './refs.js';
import { treeRefKind } from './treeRef.js';
import { regionKind } from './region.js';
import { imageKind } from './image.js';
import { imagesKind } from './images.js';
import { fileKind } from './file.js';
import { richtextKind } from './richtext.js';
import { phoneKind } from './phone.js';
import { idcardKind } from './idcard.js';
import { urlKind } from './url.js';
import { emailKind } from './email.js';
import { passwordKind } from './password.js';
import { colorKind } from './color.js';
import { iconKind } from './icon.js';
import { jsonKind } from './json.js';

export type { CellType, KindDescriptor, InputAction, Storage, WidgetContext, WidgetSpec } from './types.js';
export { DATE_FORMAT, DATETIME_FORMAT, TIME_FORMAT } from './formats.js';
export { toFen, fromFen, roundYuan } from './fen.js';

/** Every kind must have a descriptor: a missing one is a type error. */
export const KINDS: { readonly [K in FieldKind]: KindDescriptor } = {
  string: stringKind,
  text: textKind,
  integer: integerKind,
  number: numberKind,
  money: moneyKind,
  boolean: booleanKind,
  date: dateKind,
  datetime: datetimeKind,
  time: timeKind,
  dict: dictKind,
  ref: refKind,
  refs: refsKind,
  treeRef: treeRefKind,
  region: regionKind,
  image: imageKind,
  images: imagesKind,
  file: fileKind,
  richtext: richtextKind,
  phone: phoneKind,
  idcard: idcardKind,
  url: urlKind,
  email: emailKind,
  password: passwordKind,
  color: colorKind,
  icon: iconKind,
  json: jsonKind,
};

export function kindOf(kind: FieldKind): KindDescriptor {
  return KINDS[kind];
}

/** Kinds a person fills by choosing / uploading (the required message says 请选择 / 请上传). */
export const CHOICE_KINDS: ReadonlySet<string> = new Set(Object.entries(KINDS).filter(([, d]) => d.input === 'choose').map(([k]) => k));
export const UPLOAD_KINDS: ReadonlySet<string> = new Set(Object.entries(KINDS).filter(([, d]) => d.input === 'upload').map(([k]) => k));

/**
 * Masked view of a sensitive value (`sensitive: "mask"`), the same in lists, details, exports
 * and the server's answers: the kind's own mask (138****8000, 110***********1234, a***@x.com),
 * else a quarter of the characters kept at each end (at least one).
 */
export function maskValue(kind: FieldKind | string, value: string | null | undefined): string {
  if (!value) return '';
  const s = String(value);
  const own = (KINDS as Record<string, KindDescriptor | undefined>)[kind]?.mask;
  if (own) return own(s);
  if (s.length <= 2) return `${s[0]}*`;
  const keep = Math.max(1, Math.floor(s.length / 4));
  return `${s.slice(0, keep)}${'*'.repeat(s.length - keep * 2)}${s.slice(-keep)}`;
}
