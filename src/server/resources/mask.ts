/** List masking of `sensitive: "mask"` fields: 138****8000, 110***********1234, a***@x.com. */
export function maskValue(kind: string, v: unknown): unknown {
  if (typeof v !== 'string' || v.length === 0) return v;
  if (kind === 'phone' && v.length >= 7) return `${v.slice(0, 3)}****${v.slice(-4)}`;
  if (kind === 'idcard' && v.length >= 8) return `${v.slice(0, 3)}${'*'.repeat(v.length - 7)}${v.slice(-4)}`;
  if (kind === 'email') {
    const at = v.indexOf('@');
    if (at > 0) return `${v[0]}***${v.slice(at)}`;
  }
  if (v.length <= 2) return `${v[0]}*`;
  const keep = Math.max(1, Math.floor(v.length / 4));
  return `${v.slice(0, keep)}${'*'.repeat(v.length - keep * 2)}${v.slice(-keep)}`;
}
