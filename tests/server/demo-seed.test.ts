/**
 * Demo data a first start seeds, as the console reads it: 部门角色 opens with the hospital's
 * department roles, each granted within its department and held by the department's own users;
 * the seeded answer sheets answer their questionnaire's questions, so 结果统计 counts real options.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, login, testApp } from './helpers.js';
import { DEMO_DEPART_ROLE_GRANTS, departRoleCodes } from '../../src/server/demo/depart-roles.js';
import type { AppContext } from '../../src/server/context.js';
import { loadSchemaRoot } from '../../src/server/schemas.js';

type Rec = Record<string, unknown>;
interface Page { records: Rec[]; total: number }
interface Summary { respondents: number; questions: Array<{ type: string; answered: number; options?: Array<{ option: string; count: number }>; other?: number }> }

const HOSPITAL = 1001;
let app: FastifyInstance;
let admin: string;
let hosp: string;
beforeAll(async () => {
  app = await testApp();
  admin = await login(app, 'admin');
  hosp = await login(app, 'hospadmin');
});
afterAll(async () => { await app.close(); });
const as = { tenantId: HOSPITAL } as const;

describe('部门角色 demo rows', () => {
  it('the hospital tenant has department roles on its departments', async () => {
    const list = await call<Page>(app, '/sys/sysDepartRole/list', { token: admin, ...as, query: { pageSize: 50 } });
    const byCode = new Map(list.body.result.records.map((r) => [String(r.roleCode), r]));
    expect([...byCode.keys()].sort()).toEqual(Object.keys(DEMO_DEPART_ROLE_GRANTS).sort());
    expect(byCode.get('head_nurse')).toMatchObject({ roleName: '护士长', departId_dictText: '护理部' });
    expect(byCode.get('pharmacy_leader')).toMatchObject({ roleName: '药房组长', departId_dictText: '药学部' });
    expect(byCode.get('medical_director')).toMatchObject({ roleName: '医务部主任', departId_dictText: '医务部' });
  });

  it('each role holds its grants, all within its department\'s permissions', async () => {
    const roles = (await call<Page>(app, '/sys/sysDepartRole/list', { token: admin, ...as, query: { pageSize: 50 } })).body.result.records;
    const perms = new Map<string, string>();
    const tree = (await call<{ treeList: Array<Rec & { children?: Rec[] }> }>(app, '/sys/role/queryTreeList', { token: admin, ...as })).body.result.treeList;
    const walk = (ns: Array<Rec & { children?: Rec[] }>): void => ns.forEach((n) => { if (n.perms) perms.set(String(n.key), String(n.perms)); walk((n.children ?? []) as never); });
    walk(tree);
    for (const role of roles) {
      const held = (await call<string[]>(app, '/sys/sysDepartPermission/queryDeptRolePermission', { token: admin, ...as, query: { roleId: String(role.id) } })).body.result;
      const inDepart = new Set((await call<string[]>(app, '/sys/permission/queryDepartPermission', { token: admin, ...as, query: { departId: String(role.departId) } })).body.result);
      expect(held.every((id) => inDepart.has(id)), String(role.roleCode)).toBe(true);
      const codes = held.map((id) => perms.get(id)).filter(Boolean).sort();
      const declared = Object.entries(DEMO_DEPART_ROLE_GRANTS[String(role.roleCode)]!).flatMap(([m, actions]) => (actions as string[]).map((a) => `${m}:${a}`));
      expect(codes.length, String(role.roleCode)).toBe(declared.length);
    }
    const head = roles.find((r) => r.roleCode === 'head_nurse')!;
    const held = (await call<string[]>(app, '/sys/sysDepartPermission/queryDeptRolePermission', { token: admin, ...as, query: { roleId: String(head.id) } })).body.result;
    expect(held.map((id) => perms.get(id)).filter(Boolean).sort()).toEqual(['hisNurseOrder:list', 'hisNurseSchedule:add', 'hisNurseSchedule:delete', 'hisNurseSchedule:edit', 'hisNurseSchedule:list', 'hisNurseService:list', 'hisNurseStaff:edit', 'hisNurseStaff:list']);
  });

  it('the roles\' users are users of the role\'s department', async () => {
    const roles = (await call<Page>(app, '/sys/sysDepartRole/list', { token: admin, ...as, query: { pageSize: 50 } })).body.result.records;
    const users = (await call<Page>(app, '/sys/user/list', { token: admin, ...as, query: { pageSize: 100 } })).body.result.records;
    let members = 0;
    for (const u of users) {
      const held = (await call<Rec[]>(app, '/sys/sysDepartRole/getDeptRoleByUserId', { token: admin, ...as, query: { userId: String(u.id) } })).body.result;
      for (const h of held) {
        const role = roles.find((r) => r.id === h.droleId)!;
        expect(String(u.departIds ?? '').split(','), String(u.username)).toContain(String(role.departId));
        members += 1;
      }
    }
    expect(members).toBeGreaterThan(0);
  });

  it('every declared grant names an action its module has', async () => {
    const { registry } = loadSchemaRoot();
    const ctx = { registry } as unknown as AppContext;
    for (const [code, grants] of Object.entries(DEMO_DEPART_ROLE_GRANTS)) expect(departRoleCodes(ctx, grants).unknown, code).toEqual([]);
  });
});

describe('问卷 demo answer sheets', () => {
  it('choice answers name the question\'s options, none counted as 其他', async () => {
    const surveys = (await call<Page>(app, '/hisSurvey/list', { token: hosp, query: { pageSize: 100 } })).body.result.records;
    let counted = 0;
    for (const s of surveys) {
      const r = (await call<Summary>(app, '/hisSurvey/answerSummary', { token: hosp, query: { id: String(s.id) } })).body.result;
      expect(r.respondents).toBe(Number(s.answerCount));
      for (const q of r.questions.filter((x) => x.options)) {
        expect(q.answered).toBe(r.respondents);
        expect(q.other).toBe(0);
        const sum = q.options!.reduce((a, o) => a + o.count, 0);
        expect(sum).toBe(q.answered);
        counted += sum;
      }
    }
    expect(counted).toBeGreaterThan(0);
  });
});
