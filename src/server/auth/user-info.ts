/** The userInfo object of the login result: the user row in API form, without secrets. */
const HIDDEN = new Set(['password_hash', 'password', 'del_flag', 'salt']);

function camel(s: string): string {
  return s.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}

export function userInfo(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) {
    if (HIDDEN.has(k) || k.endsWith('_hash')) continue;
    out[camel(k)] = v;
  }
  out.id = String(row.id);
  out.tenantId = Number(row.tenant_id);
  out.orgId = row.org_id ?? 0;
  out.nickname = out.nickname ?? row.realname ?? row.username;
  out.avatar = out.avatar ?? null;
  return out;
}
