/**
 * Per-user column settings of a list (reference/lowcode.md §4: column state must
 * survive reload and another browser): show/hide, order, width and density,
 * stored on the server under `table:<resource>` (GET /sys/userSetting/get,
 * POST /sys/userSetting/save).
 *
 * - Loaded before the table first renders (the list shows a placeholder until
 *   the answer or an error: no flash of the default columns).
 * - A saved state is normalised against the current schema: unknown keys are
 *   dropped, new columns appended with their schema default.
 * - Changes apply at once and are saved debounced; 重置 saves the schema defaults.
 */
import { knownTableSetting, rememberTableSetting } from '../state/tableSettingsCache';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { getUserSetting, isAbort, saveUserSetting } from './api';
import type { CellSpec } from './projections';

export type Density = 'large' | 'middle' | 'small';

export interface ColumnSetting {
  key: string;
  show: boolean;
  width?: number;
}

export interface TableSettings {
  columns: ColumnSetting[];
  density: Density;
}

export const SETTINGS_SAVE_DEBOUNCE_MS = 400;

export function settingsKey(resource: string): string {
  return `table:${resource}`;
}

export function defaultSettings(specs: readonly CellSpec[]): TableSettings {
  return { columns: specs.map((c) => ({ key: c.key, show: !c.hideInTable })), density: 'large' };
}

function parse(value: unknown): Partial<TableSettings> | null {
  let v = value;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      return null;
    }
  }
  return v && typeof v === 'object' ? (v as Partial<TableSettings>) : null;
}

/** Saved (possibly stale) settings fitted to the current columns. */
export function normalizeSettings(saved: unknown, specs: readonly CellSpec[]): TableSettings {
  const defaults = defaultSettings(specs);
  const s = parse(saved);
  if (!s) return defaults;
  const known = new Map(defaults.columns.map((c) => [c.key, c]));
  const columns: ColumnSetting[] = [];
  const seen = new Set<string>();
  for (const c of Array.isArray(s.columns) ? s.columns : []) {
    if (!c || typeof c.key !== 'string' || !known.has(c.key) || seen.has(c.key)) continue;
    seen.add(c.key);
    const col: ColumnSetting = { key: c.key, show: c.show !== false };
    if (typeof c.width === 'number' && c.width >= 40 && c.width <= 2000) col.width = Math.round(c.width);
    columns.push(col);
  }
  for (const c of defaults.columns) if (!seen.has(c.key)) columns.push(c);
  const density: Density = s.density === 'middle' || s.density === 'small' ? s.density : 'large';
  return { columns, density };
}

export interface TableSettingsState {
  ready: boolean;
  settings: TableSettings;
  update(next: TableSettings): void;
  reset(): void;
}

export function useTableSettings(resource: string, specs: readonly CellSpec[]): TableSettingsState {
  const defaults = useMemo(() => defaultSettings(specs), [specs]);
  // known from the permission answer: no request, and the first render has the user's columns
  const [ready, setReady] = useState(() => knownTableSetting(settingsKey(resource)) !== undefined);
  const [settings, setSettings] = useState<TableSettings>(() => {
    const k = knownTableSetting(settingsKey(resource));
    return k === undefined ? defaults : normalizeSettings(k, specs);
  });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<TableSettings | null>(null);
  const key = settingsKey(resource);
  // what the first render's settings were made from: its effect need not make them again (a new
  // object would render the whole table a second time)
  const madeFrom = useRef<{ key: string; specs: readonly CellSpec[]; known: unknown } | null>({ key, specs, known: knownTableSetting(key) });

  useEffect(() => {
    const k = knownTableSetting(key);
    const made = madeFrom.current;
    madeFrom.current = null;
    if (k !== undefined) {
      if (!(made && made.key === key && made.specs === specs && made.known === k)) setSettings(normalizeSettings(k, specs));
      setReady(true);
      return undefined;
    }
    const ctl = new AbortController();
    setReady(false);
    getUserSetting(key, ctl.signal).then(
      (res) => {
        if (ctl.signal.aborted) return;
        setSettings(normalizeSettings(res.success ? res.result : null, specs));
        setReady(true);
      },
      (err: unknown) => {
        if (ctl.signal.aborted || isAbort(err)) return;
        setSettings(defaultSettings(specs));
        setReady(true);
      },
    );
    return () => ctl.abort();
  }, [key, specs]);

  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const v = pending.current;
    pending.current = null;
    if (v) {
      rememberTableSetting(key, v);
      void saveUserSetting(key, v).catch(() => undefined);
    }
  }, [key]);

  // a pending save is not lost when the page closes
  useEffect(() => () => flush(), [flush]);

  const save = useCallback((next: TableSettings, now = false) => {
    pending.current = next;
    if (timer.current) clearTimeout(timer.current);
    if (now) flush();
    else timer.current = setTimeout(flush, SETTINGS_SAVE_DEBOUNCE_MS);
  }, [flush]);

  const update = useCallback((next: TableSettings) => {
    setSettings(next);
    save(next);
  }, [save]);

  const reset = useCallback(() => {
    setSettings(defaults);
    save(defaults, true);
  }, [defaults, save]);

  return { ready, settings, update, reset };
}

/** The ordered, visible specs with their widths. */
export function applySettings<T extends { key: string; width?: number }>(specs: readonly T[], settings: TableSettings): T[] {
  const byKey = new Map(specs.map((c) => [c.key, c]));
  const out: T[] = [];
  for (const s of settings.columns) {
    const c = byKey.get(s.key);
    if (!c || !s.show) continue;
    out.push(s.width ? { ...c, width: s.width } : c);
  }
  return out;
}
