/**
 * Worker-number lease: every running instance holds one row of sys_worker (0–999) for as long
 * as it renews the lease, and stamps that number into the ids it mints (db/ids.ts). A crashed
 * instance's number becomes free again when its lease runs out; a clean stop frees it at once.
 */
import { sql } from 'kysely';
import { col, type TableDef } from './table-def.js';
import type { Database } from './connection.js';

export const WORKER_TABLE: TableDef = {
  name: 'sys_worker',
  columns: [col.int('worker_id', { primaryKey: true }), col.text('instance'), col.int('lease_until', { notNull: true, default: 0 })],
  indexes: [],
};

export const WORKER_COUNT = 1000;
/** A lease lasts this long; it is renewed every third of it. */
const LEASE_MS = 90_000;

export interface WorkerLease {
  workerId: number;
  release(): Promise<void>;
}

/** Takes the lowest free worker number (expired or never used) atomically and renews it until released. */
export async function leaseWorker(database: Database, instance: string, now = () => Date.now()): Promise<WorkerLease> {
  const { db } = database;
  const take = async (): Promise<number | undefined> => {
    const t = now();
    // never-used numbers first: one row per number, inserted lazily
    const used = await db.selectFrom('sys_worker').select(db.fn.count<number>('worker_id').as('n')).executeTakeFirst();
    const next = Number(used?.n ?? 0);
    if (next < WORKER_COUNT) {
      const ins = await db
        .insertInto('sys_worker')
        .values({ worker_id: next, instance, lease_until: t + LEASE_MS })
        .onConflict((oc) => oc.column('worker_id').doNothing())
        .returning('worker_id')
        .executeTakeFirst();
      if (ins) return Number(ins.worker_id);
    }
    // else an expired one; on PostgreSQL, SKIP LOCKED lets instances starting together each take a different row
    const lock = database.dialect === 'postgres' ? sql` for update skip locked` : sql``;
    const res = await sql<{ worker_id: number }>`
      update sys_worker set instance = ${instance}, lease_until = ${t + LEASE_MS}
      where worker_id = (select worker_id from sys_worker where lease_until < ${t} order by worker_id limit 1${lock})
      and lease_until < ${t}
      returning worker_id`.execute(db);
    return res.rows[0] ? Number(res.rows[0].worker_id) : undefined;
  };
  let workerId: number | undefined;
  for (let attempt = 0; attempt < 50 && workerId === undefined; attempt++) workerId = await take();
  if (workerId === undefined) throw new Error(`no free worker number: ${WORKER_COUNT} instances hold a lease`);
  const id = workerId;
  const timer = setInterval(() => {
    db.updateTable('sys_worker').set({ lease_until: now() + LEASE_MS }).where('worker_id', '=', id).where('instance', '=', instance)
      .execute().catch(() => undefined); // a missed renewal is retried on the next tick
  }, LEASE_MS / 3);
  timer.unref();
  return {
    workerId: id,
    async release() {
      clearInterval(timer);
      await db.updateTable('sys_worker').set({ lease_until: 0 }).where('worker_id', '=', id).where('instance', '=', instance).execute();
    },
  };
}
