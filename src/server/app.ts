/**
 * buildApp: config -> schemas -> database (migrate + first-start seed) -> Fastify with
 * the API under /hospital and the built console at /.
 */
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { API_ROOT, type ProtocolConfig } from '../core/protocol/index.js';
import { encryptText } from './protocol/cipher.js';
import { registerAuthHooks } from './auth/hooks.js';
import { registerAuthRoutes } from './auth/routes.js';
import { registerPhoneRoutes } from './auth/phone.js';
import { registerCasRoutes } from './auth/cas.js';
import { SessionStore } from './auth/session.js';
import { loadConfig } from './config.js';
import type { AppContext } from './context.js';
import { openDatabase } from './db/connection.js';
import { migrate, underStartLock } from './db/migrate.js';
import { moduleTableDefs } from './db/module-tables.js';
import { ensureSubstringIndexes } from './db/substring-index.js';
import { seedIfEmpty } from './db/seed.js';
import { seedDepartRoleDemo } from './demo/depart-roles.js';
import { syncSchemas } from './db/schema-sync.js';
import { SYSTEM_TABLES } from './db/system-tables.js';
import { ApiError, MSG } from './errors.js';
import { registerProtocol } from './protocol/index.js';
import { createBus } from './bus/index.js';
import { setWorkerId } from './db/ids.js';
import { leaseWorker } from './db/worker.js';
import { registerHealth } from './health.js';
import { registerAuthEffects } from './auth/effects.js';
import { registerDepartUserEffects } from './account/depart-users.js';
import { registerOssEffects } from './files/oss.js';
import { registerMessageEffects } from './message/effects.js';
import { registerTemplateTestEffect } from './message/template-test.js';
import { registerConnectionEffects } from './connections/effects.js';
import { acceptForceLogoutToken, attachOnlinePurge, registerOnlineEffects, touchOnline } from './auth/online.js';
import { registerJobEffects } from './jobs/effects.js';
import { Effects, registerGenericEffects } from './resources/effects.js';
import { fileReader, registerStatementEffects } from './resources/statement.js';
import { registerTduck } from './account/tduck.js';
import { JobScheduler } from './jobs/scheduler.js';
import { registerRegulatorEffects } from './regulator/effects.js';
import { registerScheduleEffects } from './schedule/effects.js';
import { registerMessageEffects as registerChannelSendEffects } from './messages/effects.js';
import { UploadQueue, type UploadQueueOptions } from './regulator/queue.js';
import { DatabaseReplayGuard } from './protocol/replay.js';
import { RefLabelCache } from './resources/label-cache.js';
import { CountCache } from './resources/count-cache.js';
import { buildModel } from './resources/model.js';
import { registerResources } from './resources/routes.js';
import { loadSchemaRoot } from './schemas.js';
import { RequestLog, type RequestLogMode } from './request-log.js';
import { registerStatic } from './static.js';
import { DictCache } from './system/dict-cache.js';
import { registerDictRoutes } from './system/dict.js';
import { registerDuplicateCheck } from './system/duplicate.js';
import { registerRefOptions } from './system/ref-options.js';
import { registerGlobalConfig } from './system/global-config.js';
import { regulatorPairs } from './regulator/global.js';
import { registerMenuRoutes } from './system/menu.js';
import { registerRoleGrantRoutes } from './system/role-grants.js';
import { registerDepartGrantEffects, registerDepartGrantRoutes } from './system/depart-grants.js';
import { registerRoleUserRoutes } from './system/role-users.js';
import { registerDataRuleEffects } from './resources/data-rules.js';
// notice / account / websocket (console shell)
import { registerAccount, seedUserDeparts } from './account/index.js';
import { registerNotice, seedAnnouncements } from './notice/index.js';
import { createNoticeHub, registerWebsocket } from './ws/index.js';
import { registerNoticeEffects } from './notice/effects.js';
import { registerOperationLog } from './logs/index.js';
import { registerDataLogRoutes } from './logs/data-log.js';
import { registerDashboard } from './dashboard/index.js';
import { registerDecorationEffects } from './decoration/effects.js';
import { registerPublicRead } from './resources/public-read.js';
import { registerPublicHomePage } from './decoration/public.js';
import { registerMonitor } from './monitor/index.js';
// files / excel / user settings / check rules
import path from 'node:path';
import { registerExcelRoutes } from './excel/index.js';
import { ExportQueue, type ExportQueueOptions } from './exports/queue.js';
import { registerExportJobRoutes } from './exports/routes.js';
import { createFileStore, registerUploadRoutes, registerUploadStatic, uploadDirOf, type S3Config } from './files/index.js';
import { CheckRules, fixedRules, registerCheckRule } from './rules/index.js';
import { seedFillRules } from './rules/fill.js';
import { fillRuleSource } from './resources/model.js';
import { registerTenantEffects, seedTenantProfiles, TENANT_PROFILE_TABLE } from './tenancy/profiles.js';
import { LiveCheckRules, registerRuleEffects, RULE_ITEM_TABLE, RULE_TABLE, seedRuleTable } from './rules/live.js';
import { DEFAULT_SCHEMAS_DIR } from './schemas.js';
import { registerUserSettings } from './settings/index.js';

export interface BuildOptions {
  dataDir?: string;
  memory?: boolean;
  adminPassword?: string;
  protocol?: Partial<ProtocolConfig>;
  staticDir?: string;
  seedRows?: number;
  logger?: boolean;
  /** With the logger on: a line for every request ('all'), or for writes, errors and slow reads (default). */
  requestLog?: RequestLogMode;
  /** Root of schemas/ (modules + dicts); default the repository's. */
  schemasDir?: string;
  databaseUrl?: string;
  /** Registers further effects on this app's registry (tests, embedding applications). */
  effects?: (effects: Effects) => void;
  /** Trust X-Forwarded-For from this many hops / these addresses (TRUST_PROXY). */
  trustProxy?: boolean | number | string;
  /** CAS server base URL (default CAS_SERVER_URL); unset: no CAS login. */
  casServerUrl?: string;
  /** Object storage for uploads; default from S3_* variables, null for the local disk. */
  s3?: S3Config | null;
  /**
   * Regulator upload queue: how often due rows are sent and the retry backoff. Default: every
   * 30 s with a database file, off (drain() by hand) for an in-memory database (tests).
   */
  uploadQueue?: UploadQueueOptions;
  /**
   * Background exports (下载中心): threshold (default EXPORT_ASYNC_ROWS or 5000 rows), polling
   * (default every 3 s with a database file, off — drain() by hand — in memory), keep days.
   */
  exports?: ExportQueueOptions;
}

const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: '不支持的请求类型',
  FST_ERR_CTP_BODY_TOO_LARGE: '请求体过大',
  FST_ERR_CTP_EMPTY_JSON_BODY: '请求体不能为空',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: '请求体长度不正确',
  FST_ERR_VALIDATION: '请求参数不正确',
};

/** Fastify takes a hop count as a function of the hop index. */
function trustProxyOption(v: boolean | number | string): boolean | string | ((addr: string, hop: number) => boolean) {
  return typeof v === 'number' ? (_addr: string, hop: number) => hop < v : v;
}

function envelope(status: number, message: string, result: unknown = null) {
  return { success: false, message, code: status, result, timestamp: Date.now() };
}

/**
 * Requests Node refuses before Fastify sees them (a URL or headers over the header limit,
 * malformed HTTP) still get the Chinese envelope, encrypted like every other answer.
 */
function clientErrorAnswer(err: Error & { code?: string }, socket: import('node:net').Socket, protocol: ProtocolConfig): void {
  if (!socket.writable) return void socket.destroy();
  const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
  const status = tooLarge ? 431 : 400;
  const json = JSON.stringify(envelope(status, tooLarge ? MSG.urlTooLong : '请求格式不正确'));
  const body = protocol.encrypt ? encryptText(json, protocol) : json;
  const type = protocol.encrypt ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8';
  const reason = tooLarge ? 'Request Header Fields Too Large' : 'Bad Request';
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nContent-Type: ${type}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}

/** The server effects of one app: the generic ones, each system's, then the caller's extras. */
export function createAppEffects(extra?: (effects: Effects) => void): Effects {
  const effects = new Effects();
  registerGenericEffects(effects);
  registerAuthEffects(effects);
  registerJobEffects(effects);
  registerNoticeEffects(effects);
  registerRegulatorEffects(effects);
  registerScheduleEffects(effects);
  registerMessageEffects(effects);
  registerTemplateTestEffect(effects);
  registerConnectionEffects(effects);
  registerChannelSendEffects(effects);
  registerRuleEffects(effects);
  registerTenantEffects(effects);
  registerDataRuleEffects(effects);
  registerDecorationEffects(effects);
  registerStatementEffects(effects);
  registerOnlineEffects(effects);
  registerDepartUserEffects(effects);
  registerDepartGrantEffects(effects);
  registerOssEffects(effects);
  extra?.(effects);
  return effects;
}

export async function buildApp(opts: BuildOptions = {}): Promise<FastifyInstance> {
  const env = loadConfig();
  const protocol: ProtocolConfig = { ...env.protocol, ...opts.protocol };
  const { registry, access, dashboard } = loadSchemaRoot(opts.schemasDir);
  // the 编码规则 module (serves fillRules), resolved once: the numbering and the start seed read it
  const fillRules = fillRuleSource(registry);
  const models = new Map([...registry.resources.values()].map((s) => [s.name, buildModel(s, fillRules)]));

  const databaseUrl = opts.memory ? undefined : opts.databaseUrl ?? env.databaseUrl;
  const database = openDatabase({ dataDir: opts.dataDir ?? env.dataDir, memory: opts.memory, databaseUrl });
  await migrate(database, [...SYSTEM_TABLES, ...moduleTableDefs(registry, database.dialect)]);
  await ensureSubstringIndexes(database, registry);
  const bus = await createBus({ databaseUrl });
  const worker = await leaseWorker(database, bus.instance);
  setWorkerId(worker.workerId);

  // rule codes: the console's table when a module keeps it, else the files as they are
  const fileRules = CheckRules.fromDir(path.join(opts.schemasDir ?? DEFAULT_SCHEMAS_DIR, 'rules'));
  const tables = new Set([...models.values()].map((m) => m.table));
  const liveRules = tables.has(RULE_TABLE) && tables.has(RULE_ITEM_TABLE) ? new LiveCheckRules(database, fileRules) : undefined;
  const counts = new CountCache();
  const ctx: AppContext = {
    database,
    registry,
    models,
    protocol,
    counts,
    labels: new RefLabelCache((table) => counts.version(table)),
    sessions: new SessionStore(database),
    dicts: new DictCache(database),
    checkRules: liveRules ?? fixedRules(fileRules),
    bus,
    effects: createAppEffects(opts.effects),
  };
  ctx.counts.attach(bus);
  // every durable write to a module's table moves the table's version here and on every other
  // instance (the tables lists and labels read; not the nonce, counter or token tables)
  database.writes.on((written) => { for (const t of written) if (tables.has(t)) ctx.counts.invalidate(t); });
  ctx.sessions.attach(bus);
  ctx.dicts.attach(bus);
  liveRules?.attach(bus);
  attachOnlinePurge(ctx);
  ctx.sessions.onSeen = (onlineId) => touchOnline(ctx, onlineId);
  // first-start seed, schema sync (menu, codes, dictionaries, grants) and the one-shot demo
  // links/announcements (recorded in sys_migration): once across instances started together
  const synced = await underStartLock(database, async (locked) => {
    const lctx: AppContext = { ...ctx, database: locked };
    const seeded = await seedIfEmpty(lctx, { adminPassword: opts.adminPassword ?? env.adminPassword, rows: opts.seedRows ?? env.seedRows, access });
    const report = await syncSchemas(locked.db, registry, access);
    if (liveRules) await seedRuleTable(locked.db, fileRules);
    if (tables.has(TENANT_PROFILE_TABLE)) await seedTenantProfiles(locked.db);
    if (fillRules) await seedFillRules(locked.db, registry, fillRules);
    await seedUserDeparts(lctx);
    // the seeded department roles' grants name menu entries: written once the sync made them
    if (seeded) await seedDepartRoleDemo(lctx);
    await seedAnnouncements(lctx);
    return report;
  });
  const noticeHub = createNoticeHub(ctx);
  noticeHub.attach(bus);
  ctx.pushToUsers = (userIds, message) => { noticeHub.pushToUsers(userIds, message as never); };

  const files = createFileStore(uploadDirOf(opts.dataDir ?? env.dataDir), opts.s3);
  ctx.readUpload = fileReader(files);
  ctx.files = files;
  const exports = new ExportQueue(ctx, files, bus.instance, {
    intervalMs: opts.memory ? 0 : undefined,
    ...(env.exportAsyncRows !== undefined ? { asyncRows: env.exportAsyncRows } : {}),
    ...opts.exports,
  });
  const app = Fastify({
    logger: opts.logger ?? false,
    // one line per notable request instead of two per request (request-log.ts)
    logController: new RequestLog(opts.requestLog ?? 'notable'),
    bodyLimit: 10 * 1024 * 1024,
    routerOptions: { maxParamLength: 500 },
    // no automatic HEAD twin of every GET: the signed API is never probed with HEAD, and the
    // twins were 498 of its 2,442 routes, each registered at every start. The
    // unsigned root-level reads (probes, files, public pages) ask for theirs.
    exposeHeadRoutes: false,
    clientErrorHandler: (err, socket) => clientErrorAnswer(err, socket, protocol),
    // behind a load balancer the client's address (lock-outs, rate limits) is in X-Forwarded-For
    trustProxy: trustProxyOption(opts.trustProxy ?? env.trustProxy),
  });
  const { added, updated, hidden, granted } = synced;
  if (added.length + updated.length + hidden.length + granted.length > 0) {
    app.log.info({ added: added.length, updated: updated.length, hidden: hidden.length, granted: granted.length }, 'schema sync: menu, codes, dictionaries and grants brought in line with schemas/');
  }

  app.setErrorHandler((err: FastifyError | ApiError, req, reply) => {
    if (err instanceof ApiError) return reply.status(err.status).send(envelope(err.status, err.message, err.result));
    const status = (err as FastifyError).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = (err as FastifyError).code;
      return reply.status(status).send(envelope(status, FASTIFY_MESSAGES[code] ?? '请求参数不正确'));
    }
    const sqlCode = (err as { code?: unknown }).code;
    if (sqlCode === 'SQLITE_CONSTRAINT_UNIQUE' || sqlCode === '23505') {
      return reply.status(400).send(envelope(400, MSG.dupTaken));
    }
    req.log.error(err);
    return reply.status(500).send(envelope(500, '操作失败，服务器内部错误'));
  });

  await app.register(
    async (api) => {
      registerProtocol(api, protocol, new DatabaseReplayGuard(database));
      registerAuthHooks(api, ctx.sessions);
      acceptForceLogoutToken(api, ctx); // 在线用户 强退 by JeecgBoot's {token}
      registerOperationLog(api, ctx);
      registerDataLogRoutes(api, ctx);
      const casServerUrl = opts.casServerUrl ?? env.casServerUrl;
      registerGlobalConfig(api, { site: env.site, regulator: (req) => regulatorPairs(ctx, req), casServerUrl });
      registerAuthRoutes(api, ctx);
      registerPhoneRoutes(api, ctx); // SMS codes: phone login, registration, password recovery
      registerCasRoutes(api, ctx, casServerUrl); // CAS single sign-on
      registerMenuRoutes(api, ctx);
      registerRoleGrantRoutes(api, ctx); // 角色管理 授权: permission tree, grants, data-rule selection
      registerRoleUserRoutes(api, ctx); // 角色管理 用户: the role's users, added and removed
      registerDepartGrantRoutes(api, ctx); // 部门权限 and 部门角色: grants within the department's permissions, role users
      registerDictRoutes(api, ctx);
      registerDuplicateCheck(api, ctx);
      registerRefOptions(api, ctx);
      registerNotice(api, ctx); // console shell: the announcement's JeecgBoot-named calls and the inbox
      registerAccount(api, ctx); // console shell
      registerTduck(api); // 问卷: the seed's tduck token call
      // files / excel / user settings / check rules (src/server/{files,excel,settings,rules})
      registerUploadRoutes(api, ctx, files);
      registerExcelRoutes(api, ctx, exports);
      registerExportJobRoutes(api, ctx, files); // 下载中心 (src/server/exports)
      registerUserSettings(api, ctx);
      registerCheckRule(api, ctx.checkRules);
      registerDashboard(api, ctx, dashboard); // 首页 and 工作台 figures (schemas/dashboard.json)
      registerMonitor(api, ctx, { dataDir: opts.dataDir ?? env.dataDir }); // 系统监控 (platform super administrator)
      registerResources(api, ctx);
      api.setNotFoundHandler((_req, reply) => reply.status(404).send(envelope(404, MSG.notFoundRoute)));
    },
    { prefix: API_ROOT },
  );

  await registerWebsocket(app, ctx, noticeHub); // console shell: /websocket/:userId on the root
  registerUploadStatic(app, files); // files: GET /hospital/sys/common/static/* (unsigned, root level)
  registerPublicHomePage(app, ctx); // GET /hospital/open/homePage/<tenant>/<client> (public, unsigned, ETag)
  registerPublicRead(app, ctx); // GET /hospital/open/<resource>/list?tenantId= (schema word publicRead; public, unsigned)
  await registerStatic(app, opts.staticDir ?? env.staticDir);
  registerHealth(app, database);
  const jobs = new JobScheduler(ctx);
  await jobs.start();
  const uploads = new UploadQueue(ctx, { intervalMs: opts.memory ? 0 : env.uploadIntervalMs, backoffMs: env.uploadBackoffMs, ...opts.uploadQueue });
  uploads.start();
  app.decorate('uploadQueue', uploads);
  exports.start();
  app.decorate('exportQueue', exports);
  app.decorate('appContext', ctx);
  app.addHook('onClose', async () => {
    jobs.stop();
    await uploads.stop();
    await exports.stop();
    await worker.release().catch(() => undefined);
    await bus.close();
    await database.close();
  });
  return app;
}
