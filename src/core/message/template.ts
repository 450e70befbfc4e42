/**
 * Message templates: variables are written `{患者姓名}` (a name between braces, no braces or
 * line breaks inside). Rendering replaces each with the value of the same name; a variable
 * without a value is an error naming it (nothing is sent half-filled).
 */
const VARIABLE = /\{([^{}\r\n]{1,32})\}/g;

/** The distinct variable names of a template, in order of first use. */
export function templateVariables(content: string): string[] {
  const out: string[] = [];
  for (const m of content.matchAll(VARIABLE)) {
    const name = m[1]!.trim();
    if (name && !out.includes(name)) out.push(name);
  }
  return out;
}

export type RenderResult = { ok: true; text: string } | { ok: false; missing: string[] };

/** The template with every variable replaced by its value (numbers and booleans as text). */
export function renderTemplate(content: string, params: Record<string, unknown>): RenderResult {
  const missing = templateVariables(content).filter((n) => {
    const v = params[n];
    return v === undefined || v === null || v === '' || typeof v === 'object';
  });
  if (missing.length) return { ok: false, missing };
  return { ok: true, text: content.replace(VARIABLE, (_all, name: string) => String(params[name.trim()])) };
}

/** `缺少模板变量「患者姓名」、「就诊时间」` */
export function missingVariablesMessage(missing: string[]): string {
  return `缺少模板变量${missing.map((n) => `「${n}」`).join('、')}`;
}
