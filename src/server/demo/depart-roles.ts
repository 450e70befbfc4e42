/**
 * Demo grants and members of the seeded department roles (the roles themselves are the
 * `demo.records` of their module). They are written once, on the start that seeded the demo,
 * after the schema sync (grants name sys_permission rows, which the sync writes):
 * - each role gets the codes below (with their menu page and group, as a role of roles.json),
 *   and its department may hand out the union of its roles' codes (a role never holds more
 *   than its department);
 * - each role gets up to two of its department's users (a department role goes only to the
 *   department's own users), dealt in turn between the department's roles.
 */
import { actionCodes, type ModuleGrants } from '../../core/schema/access-data.js';
import {
  DEPART_PERMISSION_TABLE,
  DEPART_ROLE_PERMISSION_TABLE,
  DEPART_ROLE_TABLE,
  DEPART_ROLE_USER_TABLE,
} from '../auth/depart-role-grants.js';
import type { AppContext } from '../context.js';
import { newId } from '../db/ids.js';

/** Department role code -> what it is granted, in roles.json's form (module -> actions). */
export const DEMO_DEPART_ROLE_GRANTS: Record<string, ModuleGrants> = {
  medical_director: { hisDoctor: ['list', 'edit'], hisQualAudit: ['list'], hisConsultOrder: ['list'], hisPrescription: ['list'], hisTeleconsult: ['list'] },
  medical_qc: { hisConsultOrder: ['list'], hisEmr: ['list'], hisEvaluation: ['list'], hisFeedback: ['list'] },
  head_nurse: { hisNurseStaff: ['list', 'edit'], hisNurseSchedule: ['list', 'add', 'edit', 'delete'], hisNurseOrder: ['list'], hisNurseService: ['list'] },
  home_care_dispatcher: { hisNurseOrder: ['list'], hisNurseSchedule: ['list'], hisNurseStaff: ['list'] },
  pharmacy_leader: { drugStock: ['list'], drugStockIn: ['list', 'add', 'edit'], drugStockOut: ['list', 'add', 'edit'], hisDrugOrder: ['list'], hisPharmacy: ['list'] },
  rx_reviewer: { hisPrescription: ['list'], hisRxTemplate: ['list'], sysDrug: ['list'] },
  it_chief: { sysUserOnline: ['list'], sysQuartzJob: ['list'], hisAppVersion: ['list'] },
  service_leader: { hisFeedback: ['list', 'edit'], hisEvaluation: ['list'], hisMember: ['list'], hisSurveyAnswer: ['list'] },
};

/** At most this many of its department's users per role. */
const MEMBERS = 2;

/** The permission codes of one role's grants, and the `module:action` names that name none (kept empty by a test). */
export function departRoleCodes(ctx: AppContext, grants: ModuleGrants): { codes: string[]; unknown: string[] } {
  const codes: string[] = [];
  const unknown: string[] = [];
  for (const [name, actions] of Object.entries(grants)) {
    const s = ctx.registry.resources.get(name);
    const known = s?.menu ? actionCodes(s) : new Map<string, string>();
    for (const a of actions === '*' ? [...known.keys()] : actions) {
      const code = known.get(a);
      if (code) codes.push(code);
      else unknown.push(`${name}:${a}`);
    }
  }
  return { codes, unknown };
}

export async function seedDepartRoleDemo(ctx: AppContext): Promise<void> {
  const { db } = ctx.database;
  const roleModel = [...ctx.models.values()].find((m) => m.table === DEPART_ROLE_TABLE);
  const departCol = roleModel?.byKey.get('departId')?.column;
  const codeCol = roleModel?.byKey.get('roleCode')?.column;
  const userDeparts = [...ctx.models.values()].find((m) => m.table === 'sys_user')?.byKey.get('departIds')?.column;
  if (!roleModel || !departCol || !codeCol) return;

  const perms = await db.selectFrom('sys_permission').select(['id', 'parent_id', 'perms']).where('del_flag', '=', 0).execute();
  const parentOf = new Map(perms.map((p) => [String(p.id), p.parent_id == null ? null : String(p.parent_id)]));
  const byCode = new Map(perms.filter((p) => p.perms).map((p) => [String(p.perms), String(p.id)]));
  /** A code's button with its page and group. */
  const withParents = (code: string): string[] => {
    const out: string[] = [];
    for (let p: string | null | undefined = byCode.get(code); p; p = parentOf.get(p)) out.push(p);
    return out;
  };

  const roles = await db.selectFrom(roleModel.table).select(['id', 'tenant_id', `${departCol} as d`, `${codeCol} as c`]).orderBy('create_time').orderBy('id').execute();
  const departGrants = new Map<string, Set<string>>();
  const roleRows: Array<Record<string, unknown>> = [];
  const memberRows: Array<Record<string, unknown>> = [];
  const rolesOfDepart = new Map<string, Array<{ id: string; tenant: number }>>();
  for (const r of roles) {
    const grants = DEMO_DEPART_ROLE_GRANTS[String(r.c)];
    if (!grants || r.d == null) continue;
    const departId = String(r.d);
    const ids = new Set(departRoleCodes(ctx, grants).codes.flatMap(withParents));
    const held = departGrants.get(departId) ?? new Set<string>();
    for (const id of ids) {
      held.add(id);
      roleRows.push({ id: newId(), depart_id: departId, role_id: r.id, permission_id: id });
    }
    departGrants.set(departId, held);
    rolesOfDepart.set(departId, [...(rolesOfDepart.get(departId) ?? []), { id: String(r.id), tenant: Number(r.tenant_id) }]);
  }
  if (userDeparts) {
    for (const [departId, list] of rolesOfDepart) {
      const users = await db.selectFrom('sys_user').select(['id', `${userDeparts} as d`])
        .where('tenant_id', '=', list[0]!.tenant).where('del_flag', '=', 0).where(userDeparts, 'like', `%${departId}%`)
        .orderBy('create_time').orderBy('id').execute();
      const members = users.filter((u) => String(u.d ?? '').split(',').includes(departId));
      list.forEach((role, i) => {
        for (let k = i; k < members.length && k < i + MEMBERS * list.length; k += list.length) {
          memberRows.push({ id: newId(), user_id: members[k]!.id, drole_id: role.id });
        }
      });
    }
  }
  const departRows = [...departGrants].flatMap(([departId, ids]) => [...ids].map((id) => ({ id: newId(), depart_id: departId, permission_id: id })));
  for (const [table, rows] of [[DEPART_PERMISSION_TABLE, departRows], [DEPART_ROLE_PERMISSION_TABLE, roleRows], [DEPART_ROLE_USER_TABLE, memberRows]] as const) {
    for (let i = 0; i < rows.length; i += 200) await db.insertInto(table).values(rows.slice(i, i + 200)).execute();
  }
}
