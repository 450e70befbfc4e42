/** Value plumbing shared by the field widgets: multi values travel comma-joined. */

export function toList(value: unknown): string[] {
  if (value === undefined || value === null || value === '') return [];
  if (Array.isArray(value)) return value.filter((v) => v !== undefined && v !== null && v !== '').map(String);
  return String(value).split(',').map((s) => s.trim()).filter(Boolean);
}

export function fromList(values: readonly unknown[]): string | undefined {
  const list = values.filter((v) => v !== undefined && v !== null && v !== '').map(String);
  return list.length ? list.join(',') : undefined;
}

export function toSingle(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  return String(value);
}
