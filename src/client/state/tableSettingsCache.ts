/**
 * The user's list column settings (`table:<resource>` -> stored value), filled from the
 * permission answer; a list page reads its settings here instead of asking the server, and
 * every save updates the entry. `undefined` for a key means "not known, ask".
 */
let known: Map<string, unknown> | null = null;

export function setTableSettings(all: Record<string, unknown> | undefined): void {
  known = all && typeof all === 'object' ? new Map(Object.entries(all)) : null;
}

/** The stored value (null when the user has none), or undefined when the answer did not say. */
export function knownTableSetting(key: string): unknown {
  if (!known) return undefined;
  return known.has(key) ? known.get(key) : null;
}

export function rememberTableSetting(key: string, value: unknown): void {
  known?.set(key, value);
}

export function clearTableSettings(): void {
  known = null;
}

/**
 * The console preferences (`ui:*` keys) from the permission answer, read once by
 * state/userPrefs.ts instead of asking `/sys/userSetting/get`, then cleared (a later load
 * asks the server: changes made since are there); undefined when not carried (ask).
 */
let answeredUi: Record<string, unknown> | undefined;

export function setUiSettings(all: Record<string, unknown> | undefined): void {
  answeredUi = all && typeof all === 'object' ? all : undefined;
}

/** The preference (null when the user has none), undefined when not known. */
export function answeredUiSetting(key: string): unknown {
  if (!answeredUi) return undefined;
  return key in answeredUi ? answeredUi[key] : null;
}

export function clearUiSettings(): void {
  answeredUi = undefined;
}
