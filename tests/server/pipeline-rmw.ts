/**
 * Shared proof of lost-update protection: `n` clients at once each read a doctor, add 1 to its
 * `dailyLimit` and save, re-reading and retrying on 409. With optimistic concurrency no
 * increment is lost.
 */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { call } from './helpers.js';

type Rec = Record<string, unknown>;

/** A doctor who takes online consultations: the one whose 每日接诊上限 applies (it is hidden, and refused, otherwise). */
export async function onlineDoctorId(app: FastifyInstance, token: string): Promise<string> {
  const page = await call<{ records: Rec[] }>(app, '/hisDoctor/list', { token, query: { pageSize: 100 } });
  const d = page.body.result.records.find((r) => r.onlineSwitch === true);
  expect(d, 'a doctor with 开通问诊').toBeDefined();
  return String(d!.id);
}

export async function concurrentIncrements(app: FastifyInstance, token: string, id: string, n: number): Promise<{ conflicts: number }> {
  const read = async () => (await call<Rec>(app, '/hisDoctor/queryById', { token, query: { id } })).body.result;
  // 每日接诊上限 is a field of doctors who take online consultations: switch this one on first
  const before = await read();
  if (before.onlineSwitch !== true) {
    const on = await call(app, '/hisDoctor/edit', { method: 'PUT', token, body: { ...before, onlineSwitch: true, imagePrice: before.imagePrice ?? 30, videoPrice: before.videoPrice ?? 50, dailyLimit: 10 } });
    expect(on.status, on.body.message).toBe(200);
  }
  const start = Number((await read()).dailyLimit ?? 0);
  let conflicts = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      for (let attempt = 0; attempt < 200; attempt++) {
        const rec = await read();
        const r = await call(app, '/hisDoctor/edit', { method: 'PUT', token, body: { ...rec, dailyLimit: Number(rec.dailyLimit ?? 0) + 1 } });
        if (r.status === 200) return;
        expect(r.status, r.body.message).toBe(409);
        expect(r.body.message).toBe('数据已被他人修改');
        conflicts++;
      }
      throw new Error('no attempt succeeded');
    }),
  );
  const end = await read();
  expect(Number(end.dailyLimit)).toBe(start + n);
  return { conflicts };
}
