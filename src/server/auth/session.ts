/**
 * Token -> session user (with roles and permission codes). Sessions are cached
 * in memory for a short time; logout and writes to users/roles/grants/data rules drop the cache
 * on every instance (the bus), and with it what is kept per session (its data rules).
 */
import { departRolePermissionIds } from './depart-role-grants.js';
import { holds, type Grants } from '../../core/access/index.js';
import { RESYNC, type Bus } from '../bus/index.js';
import type { Database } from '../db/connection.js';
import { SUPER_ADMIN_ROLE, SUPER_TENANT_ID } from '../context.js';
import { tenantRefusal } from '../tenancy/profiles.js';

export interface SessionUser {
  token: string;
  id: string;
  username: string;
  realname: string | null;
  tenantId: number;
  orgId: string | null;
  roleCodes: string[];
  isSuperAdmin: boolean;
  /** Button permission codes granted by the user's roles. */
  perms: Set<string>;
  /** Codes whose rule is switched off (button entry with status '0'): held by everyone. */
  open?: ReadonlySet<string>;
}

const TTL_MS = 30_000;

export class SessionStore {
  private cache = new Map<string, { user: SessionUser; at: number; expiresAt: number }>();
  private bus?: Bus;
  /** Counts drops: a session loaded across a drop is not kept (it may hold what the drop was for). */
  private dropped = 0;
  /** Called with the session's 在线用户 row id whenever a live session is (re)loaded from the database. */
  onSeen?: (onlineId: string) => Promise<void>;
  constructor(private database: Database) {}

  /** Joins the bus: a logout, password change or user/role write on any instance drops the cached sessions here too. */
  attach(bus: Bus): void {
    this.bus = bus;
    bus.subscribe('sessions', (token) => this.forget(typeof token === 'string' ? token : undefined));
  }

  drop(token?: string): void {
    if (this.bus) this.bus.publish('sessions', token ?? null);
    else this.forget(token);
  }

  private forget(token?: string | typeof RESYNC): void {
    this.dropped++;
    if (token === undefined || token === RESYNC) this.cache.clear();
    else this.cache.delete(token);
  }

  async get(token: string, now = Date.now()): Promise<SessionUser | null> {
    const hit = this.cache.get(token);
    if (hit && now - hit.at < TTL_MS && now < hit.expiresAt) return hit.user;
    this.cache.delete(token);
    const before = this.dropped;
    const user = await this.load(token, now);
    // a drop while loading may concern what was just read: answer it, but do not keep it
    if (user && this.dropped === before) this.cache.set(token, { user: user.user, at: now, expiresAt: user.expiresAt });
    return user?.user ?? null;
  }

  private async load(token: string, now: number): Promise<{ user: SessionUser; expiresAt: number } | null> {
    const { db } = this.database;
    const t = await db
      .selectFrom('sys_token')
      .select(['user_id', 'expires_at', 'online_id'])
      .where('token', '=', token)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (!t) return null;
    const u = await db
      .selectFrom('sys_user')
      .select(['id', 'username', 'realname', 'tenant_id', 'org_id', 'status'])
      .where('id', '=', t.user_id)
      .where('del_flag', '=', 0)
      .executeTakeFirst();
    if (!u || (u.status != null && String(u.status) !== '1')) return null;
    // a tenant disabled or past its end date ends its users' sessions
    if (await tenantRefusal(db, Number(u.tenant_id))) return null;
    const perms = await loadPermissions(this.database, String(u.id));
    const open = await loadOpenCodes(this.database);
    if (t.online_id && this.onSeen) await this.onSeen(String(t.online_id)).catch(() => undefined);
    return {
      expiresAt: Number(t.expires_at),
      user: {
        token,
        id: String(u.id),
        username: String(u.username),
        realname: u.realname ?? null,
        tenantId: Number(u.tenant_id),
        orgId: u.org_id ?? null,
        ...perms,
        open,
      },
    };
  }
}

export async function loadPermissions(
  database: Database,
  userId: string,
): Promise<{ roleCodes: string[]; isSuperAdmin: boolean; perms: Set<string> }> {
  const { db } = database;
  // a user holds only roles of their own tenant, whatever a link table says; the super
  // administrator's role counts only in the platform tenant
  const roles = await db
    .selectFrom('sys_user_role as ur')
    .innerJoin('sys_user as u', 'u.id', 'ur.user_id')
    .innerJoin('sys_role as r', (j) => j.onRef('r.id', '=', 'ur.role_id').onRef('r.tenant_id', '=', 'u.tenant_id'))
    .select(['r.id', 'r.role_code', 'u.tenant_id'])
    .where('ur.user_id', '=', userId)
    .execute();
  const roleCodes = roles.map((r) => String(r.role_code));
  const platform = roles.length > 0 && Number(roles[0]!.tenant_id) === SUPER_TENANT_ID;
  const perms = new Set<string>();
  // department roles (部门角色) add their grants within their department's permissions
  const departGranted = await departRolePermissionIds(db, userId);
  if (roles.length > 0 || departGranted.length > 0) {
    const rows = await db
      .selectFrom('sys_permission as p')
      .select('p.perms')
      .distinct()
      .where((eb) => eb.or([
        ...(roles.length ? [eb('p.id', 'in', eb.selectFrom('sys_role_permission').select('permission_id').where('role_id', 'in', roles.map((r) => r.id)))] : []),
        ...(departGranted.length ? [eb('p.id', 'in', departGranted)] : []),
      ]))
      .where('p.menu_type', '=', 2)
      .where('p.del_flag', '=', 0)
      .where('p.status', '=', '1')
      .execute();
    for (const r of rows) if (r.perms) perms.add(String(r.perms));
  }
  return { roleCodes, isSuperAdmin: platform && roleCodes.includes(SUPER_ADMIN_ROLE), perms };
}

/** Codes whose registered button entry has status '0' (rule switched off). */
export async function loadOpenCodes(database: Database): Promise<Set<string>> {
  const rows = await database.db
    .selectFrom('sys_permission')
    .select('perms')
    .where('menu_type', '=', 2)
    .where('del_flag', '=', 0)
    .where('status', '=', '0')
    .execute();
  return new Set(rows.flatMap((r) => String(r.perms ?? '').split(',').map((x) => x.trim()).filter(Boolean)));
}

/** The caller's grants in the terms of the one access rule (src/core/access). */
export function grantsOfUser(user: SessionUser): Grants {
  // the session's sets are read-only from here on: no copy per permission check (hot path)
  return { owned: user.perms, open: user.open ?? NO_OPEN, all: user.isSuperAdmin };
}

const NO_OPEN: ReadonlySet<string> = new Set();

export function can(user: SessionUser, code: string): boolean {
  return holds(grantsOfUser(user), code);
}
