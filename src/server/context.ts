/** What every route module receives: the database, the loaded schemas, the protocol config, caches. */
import type { Registry } from '../core/schema/registry.js';
import type { ProtocolConfig } from '../core/protocol/index.js';
import type { Bus } from './bus/index.js';
import type { Effects } from './resources/effects.js';
import type { Database } from './db/connection.js';
import type { CountCache } from './resources/count-cache.js';
import type { RefLabelCache } from './resources/label-cache.js';
import type { SessionStore } from './auth/session.js';
import type { ResourceModel } from './resources/model.js';
import type { DictCache } from './system/dict-cache.js';
import type { RuleSource } from './rules/index.js';
import type { FileStore } from './files/storage.js';

export interface AppContext {
  database: Database;
  registry: Registry;
  /** Server view of every module schema, by resource name. */
  models: Map<string, ResourceModel>;
  protocol: ProtocolConfig;
  /** List totals, and the table versions every cache of a table's contents checks. */
  counts: CountCache;
  /** Reference labels between list calls (valid while their table's version holds). */
  labels: RefLabelCache;
  sessions: SessionStore;
  /** Dictionary labels as the database holds them (console edits show at once). */
  dicts: DictCache;
  /** Check rules (rule codes) as the console keeps them. */
  checkRules: RuleSource;
  /** Invalidations and pushes between instances (in-process on SQLite). */
  bus: Bus;
  /** Registered server effects schemas may name (filled by buildApp). */
  effects: Effects;
  /** The bytes of an uploaded file by its key, null when absent (set by buildApp once the file store exists). */
  readUpload?: (key: string) => Promise<Buffer | null>;
  /** Websocket pushes to users on every instance (set by buildApp once the hub exists). */
  pushToUsers?: (userIds: string[], message: Record<string, unknown>) => void;
  /** The upload store (set by buildApp): 文件管理 removes unused files through it. */
  files?: FileStore;
}

/** The platform tenant (globalConfig.superTenantId). */
export const SUPER_TENANT_ID = 1000;
/** role_code of the role that holds every permission. */
export const SUPER_ADMIN_ROLE = 'admin';
