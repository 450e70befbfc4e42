/**
 * Schema migrations: ordered pure steps, each lifting a document from version N to N+1.
 * The loader runs `migrateSchema` before validation, and `lint --fix` (generators/migrate.ts)
 * can write the result back. Only version 1 exists, so the table is empty; a v2 adds
 * `{ from: 1, to: 2, describe, up }` here and bumps SCHEMA_VERSION and the meta-schema const.
 */
import { SCHEMA_VERSION } from './types.js';

export interface MigrationStep {
  from: number;
  to: number;
  /** One line for the changelog / lint --fix output. */
  describe: string;
  up(doc: Record<string, unknown>): Record<string, unknown>;
}

export const MIGRATIONS: readonly MigrationStep[] = [];

export type MigrateResult =
  | { ok: true; doc: unknown; applied: string[] }
  | { ok: false; doc: unknown; message: string };

/** Upgrade `doc` to SCHEMA_VERSION. Non-objects and missing versions pass through for the validator to report. */
export function migrateSchema(doc: unknown, steps: readonly MigrationStep[] = MIGRATIONS, target: number = SCHEMA_VERSION): MigrateResult {
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) return { ok: true, doc, applied: [] };
  let cur = doc as Record<string, unknown>;
  const version = cur.schemaVersion;
  if (typeof version !== 'number' || !Number.isInteger(version)) return { ok: true, doc, applied: [] };
  if (version > target) {
    return { ok: false, doc, message: `不支持的 schemaVersion ${version}（当前支持到 ${target}）` };
  }
  const applied: string[] = [];
  let v = version;
  while (v < target) {
    const step = steps.find((s) => s.from === v);
    if (!step) return { ok: false, doc, message: `不支持的 schemaVersion ${version}（缺少 ${v} → ${v + 1} 的迁移）` };
    cur = { ...step.up(structuredClone(cur)), schemaVersion: step.to };
    applied.push(`${step.from} → ${step.to}：${step.describe}`);
    v = step.to;
  }
  return { ok: true, doc: cur, applied };
}
