/**
 * Dictionary values: one rule for the server and the console. A dict field accepts only the
 * values of its dictionary's ENABLED items as the database holds them (items an administrator
 * adds in 数据字典 are accepted at once, disabled ones are refused); when no live list is known
 * for the code (the dictionary is in the recycle bin, or the caller has none) the schema file's
 * items are the list.
 */

/** Enabled values of a dictionary code as the caller knows them live; undefined = not known. */
export type LiveDictValues = (code: string) => readonly string[] | undefined;

/** Message (without the `<title>：` prefix) of a value outside the dictionary. */
export function dictValueMessage(title: string): string {
  return `${title}的取值无效`;
}

/**
 * '' when every value of `value` (comma-joined when `multiple`) is among `allowed`, else the
 * message. Empty values pass (required is a separate rule); no known list passes.
 */
export function checkDictValue(
  field: { title: string; multiple?: boolean },
  value: unknown,
  allowed: readonly string[] | undefined,
): string {
  if (value === undefined || value === null || value === '' || !allowed) return '';
  const parts = Array.isArray(value) ? value.map(String) : field.multiple ? String(value).split(',') : [String(value)];
  return parts.every((x) => allowed.includes(x)) ? '' : dictValueMessage(field.title);
}
