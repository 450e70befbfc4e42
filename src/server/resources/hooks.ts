/**
 * Per-resource behaviour the schema cannot say: sysUser shares its table with the
 * login system (usernames unique across tenants; roleIds mirrored into sys_user_role);
 * prescriptions and stock-in bills compute their amounts from their rows.
 */
import type { AppContext } from '../context.js';
import { newId } from '../db/ids.js';

/** Validated children arrays of a payload by child key (undefined: not sent, kept as stored). */
export type ChildRows = Record<string, Array<Record<string, unknown>> | undefined>;

export interface WriteInput {
  /** Validated parent values (by field key), children removed; the hook may set `computed` keys. */
  values: Record<string, unknown>;
  children: ChildRows;
  tenantId: number;
  mode: 'add' | 'edit';
}

export interface ResourceHooks {
  /** Unique fields checked across all tenants instead of within one. */
  globalUnique?: string[];
  /** Keys the server computes (written even though readOnly). */
  computed?: string[];
  /** After validation, before the transaction: compute derived values. */
  beforeWrite?(ctx: AppContext, input: WriteInput): Promise<void>;
  afterWrite?(ctx: AppContext, ids: string[], op: 'add' | 'edit' | 'delete'): Promise<void>;
}

async function syncUserRoles(ctx: AppContext, ids: string[], op: 'add' | 'edit' | 'delete'): Promise<void> {
  const { db } = ctx.database;
  await db.deleteFrom('sys_user_role').where('user_id', 'in', ids).execute();
  if (op === 'delete') {
    await db.updateTable('sys_token').set({ revoked_at: Date.now() }).where('user_id', 'in', ids).where('revoked_at', 'is', null).execute();
  } else {
    const users = await db.selectFrom('sys_user').select(['id', 'role_ids']).where('id', 'in', ids).execute();
    const rows = users.flatMap((u) =>
      [...new Set(String(u.role_ids ?? '').split(',').filter(Boolean))].map((roleId) => ({ id: newId(), user_id: u.id, role_id: roleId })),
    );
    if (rows.length) await db.insertInto('sys_user_role').values(rows).execute();
  }
  ctx.sessions.drop();
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const num = (v: unknown) => (typeof v === 'number' ? v : Number(v ?? 0)) || 0;

/** Prescription amount: sum of quantity x the drug's retail price (drugs of the tenant). */
async function prescriptionAmount(ctx: AppContext, input: WriteInput): Promise<void> {
  const items = input.children.items;
  if (!items) return;
  const drug = ctx.models.get('sysDrug');
  const price = drug?.byKey.get('retailPrice');
  const ids = [...new Set(items.map((r) => String(r.drugId ?? '')).filter(Boolean))];
  const prices = new Map<string, number>();
  if (drug && price && ids.length) {
    const rows = await ctx.database.db.selectFrom(drug.table).select(['id', `${price.column} as p`]).where('tenant_id', '=', input.tenantId).where('id', 'in', ids).execute();
    for (const r of rows) prices.set(String(r.id), num(r.p));
  }
  input.values.amount = round2(items.reduce((sum, r) => sum + num(r.quantity) * (prices.get(String(r.drugId)) ?? 0), 0));
}

/** Stock-in: line amount = quantity x purchase price; bill total = sum of lines. */
async function stockInAmounts(_ctx: AppContext, input: WriteInput): Promise<void> {
  const lines = input.children.lines;
  if (!lines) return;
  for (const l of lines) l.amount = round2(num(l.quantity) * num(l.purchasePrice));
  input.values.totalAmount = round2(lines.reduce((sum, l) => sum + num(l.amount), 0));
}

/**
 * On add, `<prefix><yyyyMMdd><4-digit sequence>` in field `key` (sequence per tenant and day;
 * the unique index guards against a concurrent twin).
 */
function billNumber(resource: string, key: string, prefix: string) {
  return async (ctx: AppContext, input: WriteInput): Promise<void> => {
    if (input.mode !== 'add') return;
    const m = ctx.models.get(resource);
    const c = m?.byKey.get(key);
    if (!m || !c) return;
    const d = new Date();
    const day = `${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, '0')}${String(d.getDate()).padStart(2, '0')}`;
    const head = `${prefix}${day}`;
    const row = await ctx.database.db
      .selectFrom(m.table)
      .select((eb) => eb.fn.max(c.column).as('last'))
      .where('tenant_id', '=', input.tenantId)
      .where(c.column, 'like', `${head}%`)
      .executeTakeFirst();
    const last = typeof row?.last === 'string' ? Number(row.last.slice(head.length)) || 0 : 0;
    input.values[key] = `${head}${String(last + 1).padStart(4, '0')}`;
  };
}

const both = (...fns: Array<(ctx: AppContext, input: WriteInput) => Promise<void>>) => async (ctx: AppContext, input: WriteInput) => {
  for (const f of fns) await f(ctx, input);
};

export const RESOURCE_HOOKS: Record<string, ResourceHooks> = {
  hisPrescription: { computed: ['amount', 'prescriptionNo'], beforeWrite: both(billNumber('hisPrescription', 'prescriptionNo', 'CF'), prescriptionAmount) },
  drugStockIn: { computed: ['totalAmount', 'billNo'], beforeWrite: both(billNumber('drugStockIn', 'billNo', 'RK'), stockInAmounts) },
  drugStockInLine: { computed: ['amount'] },
  sysUser: { globalUnique: ['username'], afterWrite: syncUserRoles },
  sysRole: {
    async afterWrite(ctx, ids, op) {
      if (op === 'delete') {
        await ctx.database.db.deleteFrom('sys_user_role').where('role_id', 'in', ids).execute();
        await ctx.database.db.deleteFrom('sys_role_permission').where('role_id', 'in', ids).execute();
      }
      ctx.sessions.drop();
    },
  },
};
