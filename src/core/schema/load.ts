/**
 * loadRegistry: meta-schema validation (ajv strict, unknown keys rejected) and
 * cross-reference checks over all module and dictionary files, returning a Registry of
 * the files that passed the meta-schema plus every problem found (Chinese, naming the thing).
 */
import { KINDS } from '../kinds/index.js';
import type { ValidateFunction } from 'ajv';
import { metaValidator } from './meta-validators.js';
import { ajvProblems } from './ajv-messages.js';
import { migrateSchema } from './migrate.js';
import { publicReadProblems } from './public-read.js';
import { apiActionsOf, apiPath, API_ACTIONS, isApiAction, findField, isSystemColumn, permissionCode, pointer } from './naming.js';
import { createRegistry, type Registry } from './registry.js';
import type { AnswerSummarySpec, Condition, CountOfSpec, DictSchema, ExtensionRegistry, FieldKind, FieldSchema, PlatformService, ResourceSchema, Transition, TransitionSetValue } from './types.js';
import { CRUD_ACTIONS, PLATFORM_SERVICES, SUBSTRING_INDEX_MAX_LENGTH, REGULATOR_FIELDS, UPLOAD_QUEUE_FIELDS, UPLOAD_STATES } from './types.js';

export interface Problem {
  file: string;
  /** JSON pointer into the file, '' for the whole file. */
  path: string;
  message: string;
  severity: 'error' | 'warning';
}

/** A "resource does not exist" problem remembers the name, so that it can be dropped when that resource's own file is broken. */
type MissingResourceProblem = Problem & { missingResource?: string };

export interface SchemaFile {
  file: string;
  data: unknown;
}

/** Human name of the thing a pointer is inside, e.g. `字段 "phone"` for /fields/2/maxLength. */
function context(doc: unknown, path: string): string {
  const seg = path.split('/').slice(1);
  const at = (...keys: string[]): unknown => keys.reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), doc);
  const key = (o: unknown, k: string) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined);
  if (seg[0] === 'fields' && seg[1] !== undefined && seg.length > 2) return `字段 "${String(key(at('fields', seg[1]), 'key') ?? seg[1])}"`;
  if (seg[0] === 'states' && seg[1] === 'transitions' && seg[2] !== undefined && seg.length > 3) return `流转 "${String(key(at('states', 'transitions', seg[2]), 'action') ?? seg[2])}"`;
  if (seg[0] === 'actions' && seg[1] !== undefined && seg.length > 2) return `动作 "${String(key(at('actions', seg[1]), 'action') ?? seg[1])}"`;
  if (seg[0] === 'children' && seg[1] !== undefined && seg.length > 2) return `子表 "${String(key(at('children', seg[1]), 'key') ?? seg[1])}"`;
  if (seg[0] === 'items' && seg[1] !== undefined && seg.length > 2) return `字典项 "${String(key(at('items', seg[1]), 'value') ?? seg[1])}"`;
  if (seg[0] && seg.length > 1) return `"${seg[0]}"`;
  return '';
}

function metaCheck(file: string, doc: unknown, validate: ValidateFunction, problems: Problem[]): boolean {
  if (validate(doc)) return true;
  for (const p of ajvProblems(validate.errors ?? [])) {
    const ctx = context(doc, p.path);
    problems.push({ file, path: p.path, message: ctx ? `${ctx}：${p.message}` : p.message, severity: 'error' });
  }
  return false;
}

const basename = (file: string) => file.split(/[\\/]/).pop()!.replace(/\.json$/, '');

/**
 * `extensions` is schemas/registry.json (names of registered widgets, pages, server effects and
 * rule checks). Without it, names are not checked (the server and fixtures that have none).
 */
export function loadRegistry(modules: SchemaFile[], dicts: SchemaFile[], extensions?: SchemaFile): { registry: Registry; problems: Problem[] } {
  const problems: Problem[] = [];
  const v = { registry: metaValidator('registry'), dict: metaValidator('dict'), resource: metaValidator('resource') };
  let ext: ExtensionRegistry | undefined;
  if (extensions && metaCheck(extensions.file, extensions.data, v.registry, problems)) ext = extensions.data as ExtensionRegistry;
  const goodDicts: Array<{ file: string; dict: DictSchema }> = [];
  const goodModules: Array<{ file: string; schema: ResourceSchema }> = [];

  for (const { file, data } of dicts) {
    if (!metaCheck(file, data, v.dict, problems)) continue;
    const dict = data as DictSchema;
    const prev = goodDicts.find((d) => d.dict.code === dict.code);
    if (prev) { problems.push({ file, path: '/code', message: `字典编码 "${dict.code}" 与文件 ${prev.file} 重复`, severity: 'error' }); continue; }
    if (basename(file) !== dict.code) problems.push({ file, path: '/code', message: `字典 "${dict.code}" 的文件名应为 ${dict.code}.json`, severity: 'warning' });
    const values = new Set<string>();
    dict.items.forEach((it, i) => {
      if (values.has(it.value)) problems.push({ file, path: pointer('items', i, 'value'), message: `字典 "${dict.code}" 的值 "${it.value}" 重复`, severity: 'error' });
      values.add(it.value);
    });
    goodDicts.push({ file, dict });
  }

  // modules whose own file is invalid: references to them are not reported a second time
  // (and the services they declare: a module needing the service is not reported either)
  const broken = new Set<string>();
  const word = (d: unknown, k: string) => (d && typeof d === 'object' && typeof (d as Record<string, unknown>)[k] === 'string' ? (d as Record<string, string>)[k] : undefined);
  const markBroken = (d: unknown) => {
    const n = word(d, 'name');
    const served = word(d, 'serves');
    if (n) broken.add(n);
    if (served) broken.add(serviceKey(served));
  };
  for (const { file, data } of modules) {
    const m = migrateSchema(data);
    if (!m.ok) { problems.push({ file, path: '/schemaVersion', message: m.message, severity: 'error' }); markBroken(data); continue; }
    if (!metaCheck(file, m.doc, v.resource, problems)) { markBroken(m.doc); continue; }
    const schema = m.doc as ResourceSchema;
    const prev = goodModules.find((x) => x.schema.name === schema.name);
    if (prev) { problems.push({ file, path: '/name', message: `资源名 "${schema.name}" 与文件 ${prev.file} 重复`, severity: 'error' }); continue; }
    if (basename(file) !== schema.name) problems.push({ file, path: '/name', message: `资源 "${schema.name}" 的文件名应为 ${schema.name}.json`, severity: 'warning' });
    goodModules.push({ file, schema });
  }

  const registry = createRegistry(goodModules.map((x) => x.schema), goodDicts.map((x) => x.dict));
  // the generic routes of the whole catalogue, built once (each module's actions are checked against them)
  const known = knownRoutes(registry);
  for (const { file, schema } of goodModules) checkModule(file, schema, registry, problems, known, ext);
  checkGlobalUniqueness(goodModules, problems);
  const queues = goodModules.filter((x) => x.schema.uploadQueue);
  for (const q of queues.slice(1)) problems.push({ file: q.file, path: '/uploadQueue', message: `上报队列只能有一个（已由 ${queues[0]!.file} 声明）`, severity: 'error' });
  checkServices(goodModules, problems);
  const shown = (problems as MissingResourceProblem[]).filter((p) => !(p.missingResource && broken.has(p.missingResource)));
  for (const p of shown) delete p.missingResource;
  return { registry, problems: shown };
}

/** The missing-resource key of a platform service (a problem it causes names the service, not a module). */
const serviceKey = (service: string) => `serves:${service}`;

/** `serves`: one resource per service, holding the fields the engine reads from it. */
function checkServices(modules: Array<{ file: string; schema: ResourceSchema }>, problems: Problem[]): void {
  const first = new Map<string, string>();
  for (const { file, schema } of modules) {
    const service = schema.serves;
    if (!service) continue;
    const { title, fields } = PLATFORM_SERVICES[service];
    const prev = first.get(service);
    if (prev) problems.push({ file, path: '/serves', message: `${title}服务（serves: "${service}"）只能由一个资源提供（已由资源 "${prev}" 声明）`, severity: 'error' });
    else first.set(service, schema.name);
    const lacking = fields.filter((k) => !findField(schema, k));
    if (lacking.length) problems.push({ file, path: '/serves', message: `提供${title}服务（serves: "${service}"）的资源须声明字段：${lacking.join('、')}`, severity: 'error' });
  }
}

/** Problem text for a module needing `service` that no resource serves. */
function needsService(service: PlatformService, what: string): string {
  return `${what}，需要声明 serves: "${service}" 的${PLATFORM_SERVICES[service].title}模块`;
}

/** Cross-reference checks inside one module (against the registry for refs and dicts). */
function checkModule(file: string, s: ResourceSchema, reg: Registry, problems: Problem[], known: Set<string>, ext?: ExtensionRegistry): void {
  const err = (path: string, message: string, missingResource?: string) =>
    (problems as MissingResourceProblem[]).push({ file, path, message, severity: 'error', ...(missingResource ? { missingResource } : {}) });
  const missing = (path: string, message: string, resource: string) => err(path, message, resource);
  const warn = (path: string, message: string) => problems.push({ file, path, message, severity: 'warning' });
  const has = (key: string) => s.fields.some((f) => f.key === key);
  const names: Names = {
    rule: (p, name) => { if (ext && !ext.rules.includes(name)) err(p, `未注册的校验规则 "${name}"`); },
    effect: (p, name) => { if (ext && !ext.effects.includes(name)) err(p, `未注册的服务端效果 "${name}"`); },
    component: (p, name) => { if (ext && !ext.widgets.includes(name) && !ext.pages.includes(name)) err(p, `未注册的组件 "${name}"`); },
  };

  if (s.readOnly) {
    // records written by the server only: nothing in the schema may write them
    if (s.list?.import) err('/list/import', `资源 "${s.name}" 声明为只读（readOnly），不能导入`);
    if (s.states) err('/states', `资源 "${s.name}" 声明为只读（readOnly），不能有状态流转`);
    if (s.children) err('/children', `资源 "${s.name}" 声明为只读（readOnly），不能有子表`);
  }

  if (s.wordList) checkWordList(s, err);
  if (s.answerSummary) checkAnswerSummary(s, s.answerSummary, reg, err);
  if (s.uploadQueue) checkUploadQueue(s, reg, err);
  if (s.upload) checkUpload(s, reg, err);
  for (const p of publicReadProblems(s)) err(p.path, p.message);

  const seen = new Map<string, number>();
  s.fields.forEach((f, i) => {
    if (seen.has(f.key)) err(pointer('fields', i, 'key'), `字段键 "${f.key}" 重复（第 ${seen.get(f.key)! + 1} 个字段已声明）`);
    else seen.set(f.key, i);
    if (isSystemColumn(f.key)) err(pointer('fields', i, 'key'), `字段键 "${f.key}" 与系统列重名`);
  });
  s.fields.forEach((f, i) => checkField(f, ['fields', i], s, reg, err, warn, true, names));

  // list
  s.list?.columns?.forEach((c, i) => {
    const f = findField(s, c);
    if (!f && !isSystemColumn(c)) err(pointer('list', 'columns', i), `列表列 "${c}" 不是已声明的字段`);
    else if (f?.writeOnly) err(pointer('list', 'columns', i), `列表列 "${c}" 是 writeOnly 字段，不能出现在列表中`);
    else if (f && f.list === false) warn(pointer('list', 'columns', i), `列表列 "${c}" 的字段声明了 list: false`);
  });
  if (s.list?.sort) {
    const key = s.list.sort.split(',')[0]!;
    if (!has(key) && !isSystemColumn(key)) err(pointer('list', 'sort'), `默认排序字段 "${key}" 不是已声明的字段`);
  }
  if (s.list?.tree) {
    const pf = findField(s, s.list.tree.parent);
    if (!pf) err(pointer('list', 'tree', 'parent'), `树形表格的父字段 "${s.list.tree.parent}" 不是已声明的字段`);
    else if ((pf.kind !== 'ref' && pf.kind !== 'treeRef') || pf.ref?.resource !== s.name) {
      err(pointer('list', 'tree', 'parent'), `树形表格的父字段 "${pf.key}" 必须是引用本资源 "${s.name}" 的 ref 或 treeRef 字段`);
    }
  }
  if (s.list?.filterTree) {
    const ff = findField(s, s.list.filterTree);
    const target = ff?.ref ? reg.resources.get(ff.ref.resource) : undefined;
    if (!ff) err(pointer('list', 'filterTree'), `树筛选字段 "${s.list.filterTree}" 不是已声明的字段`);
    else if ((ff.kind !== 'ref' && ff.kind !== 'refs') || ff.search !== 'eq') err(pointer('list', 'filterTree'), `树筛选字段 "${ff.key}" 必须是 search: "eq" 的 ref 或 refs 字段`);
    else if (target && !target.list?.tree) err(pointer('list', 'filterTree'), `树筛选字段 "${ff.key}" 引用的资源 "${target.name}" 不是树形资源（list.tree）`);
  }
  const actionNames = new Set([...(s.actions ?? []).map((a) => a.action), ...(s.states?.transitions ?? []).map((t) => t.action)]);
  s.list?.batch?.forEach((b, i) => {
    if (b !== 'delete' && !actionNames.has(b)) err(pointer('list', 'batch', i), `批量动作 "${b}" 不存在（可用：delete 或已声明的动作）`);
  });

  // form
  const placed = new Map<string, string>();
  s.form?.sections?.forEach((sec, si) => sec.fields.forEach((k, ki) => {
    const p = pointer('form', 'sections', si, 'fields', ki);
    const f = findField(s, k);
    if (!f) err(p, `表单分组 "${sec.title}" 中的 "${k}" 不是已声明的字段`);
    else if (f.form === false || f.hidden) warn(p, `表单分组 "${sec.title}" 中的 "${k}" 不在表单中显示（form: false 或 hidden）`);
    if (placed.has(k)) err(p, `字段 "${k}" 在表单分组 "${placed.get(k)}" 与 "${sec.title}" 中重复出现`);
    placed.set(k, sec.title);
  }));

  if (s.form?.sections?.length) {
    s.fields.forEach((f, i) => {
      if (!placed.has(f.key) && f.form !== false && !f.hidden && !f.readOnly) warn(pointer('fields', i), `字段 "${f.key}" 不在任何表单分组中（将显示在“其他信息”）`);
    });
  }

  // children
  const childKeys = new Set<string>();
  s.children?.forEach((c, i) => {
    if (childKeys.has(c.key)) err(pointer('children', i, 'key'), `子表键 "${c.key}" 重复`);
    childKeys.add(c.key);
    if (c.min !== undefined && c.max !== undefined && c.min > c.max) err(pointer('children', i, 'min'), `子表 "${c.key}" 的 min (${c.min}) 大于 max (${c.max})`);
    if (c.resource === s.name) { err(pointer('children', i, 'resource'), `子表 "${c.key}" 不能引用资源自身`); return; }
    const child = reg.resources.get(c.resource);
    if (!child) { missing(pointer('children', i, 'resource'), `子表 "${c.key}" 引用的资源 "${c.resource}" 不存在`, c.resource); return; }
    const fk = findField(child, c.foreignKey);
    if (fk && (fk.kind !== 'ref' || fk.ref?.resource !== s.name)) warn(pointer('children', i, 'foreignKey'), `子表 "${c.key}" 的外键 "${c.foreignKey}" 建议为引用 "${s.name}" 的 ref 字段`);
    if (fk?.required) err(pointer('children', i, 'foreignKey'), `子表 "${c.key}" 的外键 "${c.foreignKey}" 由服务端填写，不能声明 required`);
    if (!findField(child, c.foreignKey)) err(pointer('children', i, 'foreignKey'), `子表 "${c.key}" 的外键 "${c.foreignKey}" 不是资源 "${c.resource}" 的字段`);
    c.fields?.forEach((k, ki) => {
      if (!findField(child, k)) err(pointer('children', i, 'fields', ki), `子表 "${c.key}" 的字段 "${k}" 不是资源 "${c.resource}" 的字段`);
    });
    if (has(c.key)) err(pointer('children', i, 'key'), `子表键 "${c.key}" 与字段重名`);
  });

  // states
  if (s.states) {
    const sf = findField(s, s.states.field);
    const dict = sf?.kind === 'dict' && sf.dict ? reg.dicts.get(sf.dict) : undefined;
    if (!sf) err(pointer('states', 'field'), `状态字段 "${s.states.field}" 不是已声明的字段`);
    else if (sf.kind !== 'dict') err(pointer('states', 'field'), `状态字段 "${s.states.field}" 必须是 dict 类型的字段`);
    else if (sf.multiple) err(pointer('states', 'field'), `状态字段 "${s.states.field}" 不能是多选字典`);
    s.states.editable?.forEach((v, j) => {
      if (dict && !dict.items.some((it) => it.value === v)) err(pointer('states', 'editable', j), `可编辑状态 "${v}" 不是字典 "${dict.code}" 的值`);
    });
    s.states.deletable?.forEach((v, j) => {
      if (dict && !dict.items.some((it) => it.value === v)) err(pointer('states', 'deletable', j), `可删除状态 "${v}" 不是字典 "${dict.code}" 的值`);
    });
    s.states.transitions.forEach((t, i) => {
      // a transition may move another single-choice dict field (`field`, e.g. the upload status)
      let tdict = dict;
      if (t.field !== undefined && t.field !== s.states!.field) {
        const tf = findField(s, t.field);
        tdict = tf?.kind === 'dict' && !tf.multiple && tf.dict ? reg.dicts.get(tf.dict) : undefined;
        if (!tf || tf.kind !== 'dict' || tf.multiple) err(pointer('states', 'transitions', i, 'field'), `流转 "${t.action}" 的状态字段 "${t.field}" 必须是已声明的单选 dict 字段`);
      }
      if (tdict) {
        const dict = tdict;
        const values = new Set(dict.items.map((it) => it.value));
        t.from.forEach((v, j) => {
          if (!values.has(v)) err(pointer('states', 'transitions', i, 'from', j), `流转 "${t.action}" 的起始状态 "${v}" 不是字典 "${dict.code}" 的值`);
        });
        if (!values.has(t.to)) err(pointer('states', 'transitions', i, 'to'), `流转 "${t.action}" 的目标状态 "${t.to}" 不是字典 "${dict.code}" 的值`);
      }
      t.form?.forEach((f, j) => {
        checkField(f, ['states', 'transitions', i, 'form', j], s, reg, err, warn, false, names);
        const own = findField(s, f.key);
        if (!own && !t.effect) warn(pointer('states', 'transitions', i, 'form', j, 'key'), `流转 "${t.action}" 的表单字段 "${f.key}" 不是资源字段，且未声明 effect：提交的值不会被保存`);
        else if (own && own.kind !== f.kind) err(pointer('states', 'transitions', i, 'form', j, 'kind'), `流转 "${t.action}" 的表单字段 "${f.key}" 的类型 ${f.kind} 与资源字段的类型 ${own.kind} 不一致`);
        if (f.key === s.states!.field || f.key === t.field) err(pointer('states', 'transitions', i, 'form', j, 'key'), `流转 "${t.action}" 的表单不能包含状态字段 "${f.key}"`);
      });
      if (t.effect) names.effect(pointer('states', 'transitions', i, 'effect'), t.effect);
      if (t.when) checkTransitionWhen(s, t, i, reg, err);
      if (t.system) {
        // nobody fills a form or answers a prompt for a transition the server takes
        if (t.form?.length) err(pointer('states', 'transitions', i, 'form'), `流转 "${t.action}" 只由系统执行（system），不能声明 form`);
        if (t.confirm !== undefined) err(pointer('states', 'transitions', i, 'confirm'), `流转 "${t.action}" 只由系统执行（system），不能声明 confirm`);
        if (s.list?.batch?.includes(t.action)) err(pointer('list', 'batch'), `批量动作 "${t.action}" 是只由系统执行的流转（system）`);
      }
      for (const [key, spec] of Object.entries(t.set ?? {})) checkTransitionSet(s, t, i, key, spec, err);
      if (t.supersede) checkSupersede(s, t, i, dict, err);
      if (t.ledger) checkLedger(s, t, i, reg, err);
      if (t.schedule) checkSchedule(s, t, i, reg, err);
    });
  }

  // api.aliases: no writes on a readOnly resource; a path no other resource's route uses
  for (const [path, action] of Object.entries(s.api?.aliases ?? {})) {
    const ap = pointer('api', 'aliases', path);
    if (s.readOnly && (action === 'add' || action === 'edit')) err(ap, `只读资源没有 ${action} 接口，不能声明别名 "${path}"`);
    if (typeof action === 'object') {
      action.anyOf.forEach((k, j) => {
        const f = findField(s, k);
        if (!f) err(pointer('api', 'aliases', path, 'anyOf', j), `接口别名 "${path}" 的字段 "${k}" 不是资源字段`);
        // a multi-valued field (refs, multiple dict) matches when it contains the value
        else if (KINDS[f.kind].storage === 'bool') err(pointer('api', 'aliases', path, 'anyOf', j), `接口别名 "${path}" 的字段 "${k}" 不能是布尔字段`);
      });
    }
    for (const r of reg.resources.values()) {
      if (r.name === s.name) continue;
      const taken = (['list', 'queryById', 'add', 'edit', 'delete', 'deleteBatch'] as const).some((a) => apiPath(r, a) === path) || Object.keys(r.api?.aliases ?? {}).includes(path);
      if (taken) err(ap, `接口别名 "${path}" 与资源 "${r.name}" 的接口重复`);
    }
  }

  // actions (+ transitions) naming
  const actionAt = new Map<string, string>();
  const named: Array<{ action: string; p: string }> = [
    ...(s.states?.transitions ?? []).map((t, i) => ({ action: t.action, p: pointer('states', 'transitions', i, 'action') })),
    ...(s.actions ?? []).map((a, i) => ({ action: a.action, p: pointer('actions', i, 'action') })),
  ];
  for (const { action, p } of named) {
    if ((CRUD_ACTIONS as readonly string[]).includes(action) || (API_ACTIONS as readonly string[]).includes(action)) err(p, `动作名 "${action}" 与通用接口动作重名`);
    else if (actionAt.has(action)) err(p, `动作名 "${action}" 重复`);
    actionAt.set(action, p);
  }
  s.actions?.forEach((a, i) => {
    const base = ['actions', i] as const;
    if ((a.kind === 'call' || a.kind === 'form') && !a.api) err(pointer(...base), `动作 "${a.action}" 的类型为 ${a.kind}，必须声明 api`);
    if (a.kind === 'form' && !a.form?.length) err(pointer(...base), `动作 "${a.action}" 的类型为 form，必须声明 form 字段`);
    if (a.kind === 'custom' && !a.component) err(pointer(...base), `动作 "${a.action}" 的类型为 custom，必须声明 component`);
    if (a.kind === 'open') {
      if (!a.open) err(pointer(...base), `动作 "${a.action}" 的类型为 open，必须声明 open`);
      else {
        const target = reg.resources.get(a.open.resource);
        if (!target) missing(pointer(...base, 'open', 'resource'), `动作 "${a.action}" 打开的资源 "${a.open.resource}" 不存在`, a.open.resource);
        for (const [k, src] of Object.entries(a.open.filter)) {
          const tf = target ? findField(target, k) : undefined;
          if (target && !tf) err(pointer(...base, 'open', 'filter', k), `动作 "${a.action}" 的过滤字段 "${k}" 不是资源 "${a.open.resource}" 的字段`);
          else if (tf && !tf.search && !isSystemColumn(k)) err(pointer(...base, 'open', 'filter', k), `动作 "${a.action}" 的过滤字段 "${k}" 在资源 "${a.open.resource}" 中不可查询（该字段未声明 search）`);
          if (!has(src.field) && !isSystemColumn(src.field)) err(pointer(...base, 'open', 'filter', k, 'field'), `动作 "${a.action}" 的过滤来源 "${src.field}" 不是已声明的字段`);
        }
      }
    }
    if (a.kind === 'custom' && a.component) names.component(pointer(...base, 'component'), a.component);
    if (a.effect) names.effect(pointer(...base, 'effect'), a.effect);
    const method = a.api?.method;
    if ((a.kind === 'call' || a.kind === 'form') && method && method !== 'GET' && a.permission === false) {
      err(pointer(...base, 'permission'), `动作 "${a.action}" 会修改数据（${method}），必须有权限编码（声明 permission 或使用默认的 ${permissionCode(s, a.action)}）`);
    }
    if (a.permission === false && a.kind === 'form') err(pointer(...base, 'permission'), `动作 "${a.action}" 的类型为 form，必须有权限编码`);
    if (a.api && !a.effect && !known.has(`${a.api.method} ${a.api.path}`)) {
      warn(pointer(...base, 'api'), `动作 "${a.action}" 的接口 ${a.api.method} ${a.api.path} 不是通用接口或状态流转，且未声明 effect：本服务端不提供该接口`);
    }
    a.form?.forEach((f, j) => checkField(f, [...base, 'form', j], s, reg, err, warn, false, names));
    if (a.visibleWhen) checkCondition(a.visibleWhen, [...base, 'visibleWhen'], `动作 "${a.action}" 的 visibleWhen`, s, err);
  });

  s.effects?.afterWrite?.forEach((name, i) => names.effect(pointer('effects', 'afterWrite', i), name));
  if (s.effects?.read) names.effect(pointer('effects', 'read'), s.effects.read);

  const fieldKeys = new Set(s.fields.map((f) => f.key));
  s.demo?.records?.forEach((r, i) => {
    for (const k of Object.keys(r)) if (!fieldKeys.has(k)) err(pointer('demo', 'records', i, k), `演示记录的键 "${k}" 不是 ${s.name} 的字段`);
  });

  checkConditionCycles(s, err);
}

type Report = (path: string, message: string, missingResource?: string) => void;
interface Names { rule: Report; effect: Report; component: Report }

/** `METHOD path` of every route the generic server provides (CRUD per resource, tree childList, transitions). */
export function knownRoutes(reg: Registry): Set<string> {
  const out = new Set<string>();
  for (const r of reg.resources.values()) {
    out.add(`GET ${apiPath(r, 'list')}`);
    out.add(`GET ${apiPath(r, 'queryById')}`);
    out.add(`POST ${apiPath(r, 'add')}`);
    out.add(`PUT ${apiPath(r, 'edit')}`);
    out.add(`POST ${apiPath(r, 'edit')}`);
    out.add(`DELETE ${apiPath(r, 'delete')}`);
    out.add(`DELETE ${apiPath(r, 'deleteBatch')}`);
    for (const [path, a] of Object.entries(r.api?.aliases ?? {})) {
      out.add(`${typeof a === 'object' || a === 'list' || a === 'queryById' ? 'GET' : 'POST'} ${path}`);
      if (a === 'edit') out.add(`PUT ${path}`);
    }
    if (r.list?.tree) out.add(`GET ${apiPath(r, 'childList')}`);
    for (const t of r.states?.transitions ?? []) {
      out.add(`PUT ${apiPath(r, t.action)}`);
      out.add(`POST ${apiPath(r, t.action)}`);
    }
  }
  return out;
}

/** One field: kind-specific keys, dict/ref targets, limits, conditions. `own` = a field of the module itself. */
function checkField(f: FieldSchema, at: Array<string | number>, s: ResourceSchema, reg: Registry, err: Report, warn: Report, own: boolean, names: Names): void {
  const p = (...more: Array<string | number>) => pointer(...at, ...more);
  const name = `字段 "${f.key}"`;
  if (f.rule !== undefined) names.rule(p('rule'), f.rule);
  checkServerFilled(f, p, name, s, reg, err, own);
  if (f.index === 'substring') {
    if (!own) err(p('index'), `${name}：index 只能声明在资源字段上`);
    else if (f.search !== 'like') err(p('index'), `${name} 声明了 index: "substring"，必须同时声明 search: "like"`);
    else if (KINDS[f.kind].storage !== 'text') err(p('index'), `${name}：index: "substring" 只适用于文本字段`);
    else if (f.maxLength === undefined || f.maxLength > SUBSTRING_INDEX_MAX_LENGTH) {
      err(p('index'), `${name}：index: "substring" 需要 maxLength 不超过 ${SUBSTRING_INDEX_MAX_LENGTH}`);
    }
  }
  if (f.suggestions !== undefined && f.kind !== 'string' && f.kind !== 'text') err(p('suggestions'), `${name}：suggestions 只适用于文本字段（string、text）`);
  if (f.searchAlias !== undefined) {
    if (!own) err(p('searchAlias'), `${name}：searchAlias 只能声明在资源字段上`);
    else if (!f.search || f.search === 'range') err(p('searchAlias'), `${name} 声明了 searchAlias，必须同时声明 search（eq、like 或 in）`);
    else if (f.searchAlias === f.key || s.fields.some((o) => o.key === f.searchAlias || (o !== f && o.searchAlias === f.searchAlias))) {
      err(p('searchAlias'), `${name} 的 searchAlias "${f.searchAlias}" 与本资源的其他字段或别名重名`);
    }
  }
  if (f.uniqueWithin !== undefined) {
    if (!own) err(p('uniqueWithin'), `${name}：uniqueWithin 只能声明在资源字段上`);
    else if (f.unique !== true) err(p('uniqueWithin'), `${name} 声明了 uniqueWithin，必须同时声明 unique: true`);
    else if (f.uniqueWithin === f.key || !findField(s, f.uniqueWithin)) err(p('uniqueWithin'), `${name} 的 uniqueWithin "${f.uniqueWithin}" 不是本资源的其他字段`);
  }
  if (f.permission && !own) err(p('permission'), `${name}：字段级权限只能声明在资源字段上`);
  if (f.permission && f.permission.view && f.hidden) warn(p('permission'), `${name} 已隐藏（hidden），view 权限不起作用`);
  if (f.capBy) {
    const NUM = ['integer', 'number', 'money'];
    const caps = Array.isArray(f.capBy) ? f.capBy : [f.capBy];
    if (!NUM.includes(f.kind)) err(p('capBy'), `${name} 的类型 ${f.kind} 不能声明上限（capBy 只用于数值字段）`);
    else caps.forEach((cap, i) => {
      const cp = (...rest: Array<string | number>) => Array.isArray(f.capBy) ? p('capBy', i, ...rest) : p('capBy', ...rest);
      const via = s.fields.find((x) => x.key === cap.ref);
      const target = via?.kind === 'ref' && via.ref ? reg.resources.get(via.ref.resource) : undefined;
      const capField = target?.fields.find((x) => x.key === cap.field);
      if (!via || via.kind !== 'ref') err(cp('ref'), `${name} 的上限关联字段 "${cap.ref}" 不是本资源的 ref 字段`);
      else if (target && (!capField || !NUM.includes(capField.kind))) err(cp('field'), `${name} 的上限字段 "${cap.field}" 不是资源 "${target.name}" 的数值字段`);
      if (cap.unless) checkCondition(cap.unless, [...at, 'capBy', ...(Array.isArray(f.capBy) ? [i] : []), 'unless'], `${name} 的 capBy.unless`, s, err);
    });
  }
  if (f.countOf) checkCountOf(f, f.countOf, at, name, s, reg, err, own);
  const rel = KINDS[f.kind].relation;
  if (rel && !reg.serving(rel.service)) err(p('kind'), needsService(rel.service, `${name} 的类型为 ${f.kind}`), serviceKey(rel.service));
  if (f.kind === 'dict') {
    if (!f.dict) err(p('kind'), `${name} 的类型为 dict，必须声明 dict（字典编码）`);
    else if (!reg.dicts.has(f.dict)) err(p('dict'), `${name} 引用的字典 "${f.dict}" 不存在`);
    else if (f.default !== undefined && f.default !== null) {
      const values = new Set(reg.dict(f.dict).items.map((it) => it.value));
      const defaults = f.multiple && typeof f.default === 'string' ? f.default.split(',') : [f.default];
      for (const d of defaults) if (!values.has(String(d))) warn(p('default'), `${name} 的默认值 ${JSON.stringify(d)} 不是字典 "${f.dict}" 的值`);
    }
  } else {
    if (f.dict) err(p('dict'), `${name} 声明了 dict，但类型是 ${f.kind} 而不是 dict`);
    if (f.multiple !== undefined) err(p('multiple'), `${name} 声明了 multiple，仅 dict 类型可用`);
    if (f.widget) err(p('widget'), `${name} 声明了 widget，仅 dict 类型可用`);
  }
  const isRef = f.kind === 'ref' || f.kind === 'refs' || f.kind === 'treeRef';
  if (isRef) {
    if (!f.ref) err(p('kind'), `${name} 的类型为 ${f.kind}，必须声明 ref`);
    else {
      const target = reg.resources.get(f.ref.resource);
      if (!target) err(p('ref', 'resource'), `${name} 引用的资源 "${f.ref.resource}" 不存在`, f.ref.resource);
      else {
        if (!findField(target, f.ref.label) && !isSystemColumn(f.ref.label)) err(p('ref', 'label'), `${name} 的显示字段 "${f.ref.label}" 不是资源 "${f.ref.resource}" 的字段`);
        if (f.ref.value && !findField(target, f.ref.value) && !isSystemColumn(f.ref.value)) err(p('ref', 'value'), `${name} 的值字段 "${f.ref.value}" 不是资源 "${f.ref.resource}" 的字段`);
        if (f.ref.grantSubset && f.ref.value && f.ref.value !== 'id') err(p('ref', 'grantSubset'), `${name} 声明了 grantSubset，值字段必须是 id`);
      }
      for (const [k, src] of Object.entries(f.ref.filter ?? {})) {
        if (target && !findField(target, k) && !isSystemColumn(k)) err(p('ref', 'filter', k), `${name} 的过滤字段 "${k}" 不是资源 "${f.ref.resource}" 的字段`);
        if ('field' in src && !s.fields.some((x) => x.key === src.field)) err(p('ref', 'filter', k, 'field'), `${name} 的过滤来源 "${src.field}" 不是已声明的字段`);
      }
    }
  } else if (f.ref) err(p('ref'), `${name} 声明了 ref，但类型是 ${f.kind}`);

  if (f.min !== undefined && f.max !== undefined && f.min > f.max) err(p('min'), `${name} 的 min (${f.min}) 大于 max (${f.max})`);
  if (f.minLength !== undefined && f.maxLength !== undefined && f.minLength > f.maxLength) err(p('minLength'), `${name} 的 minLength (${f.minLength}) 大于 maxLength (${f.maxLength})`);
  if (f.pattern !== undefined) {
    try { new RegExp(f.pattern); } catch { err(p('pattern'), `${name} 的 pattern 不是合法的正则表达式`); }
    if (!f.patternMessage) warn(p('pattern'), `${name} 声明了 pattern，建议同时声明 patternMessage`);
  }
  if (f.search) {
    const modes = KINDS[f.kind].searchModes;
    if (modes.length === 0) err(p('search'), `${name} 的类型 ${f.kind} 不支持查询`);
    else if (!modes.includes(f.search)) err(p('search'), `${name} 的类型 ${f.kind} 不支持${f.search === 'range' ? '区间查询（range）' : `查询方式 ${f.search}`}`);
  }
  if (f.wordCheck) checkWordCheck(f, p, name, reg, err);
  if (f.readOnly && f.createOnly) err(p('readOnly'), `${name} 不能同时为 readOnly 与 createOnly`);
  if (f.writeOnly && f.list && typeof f.list === 'object') err(p('list'), `${name} 是 writeOnly 字段，不能出现在列表中`);
  if (f.writeOnly && f.search) err(p('search'), `${name} 是 writeOnly 字段，不能用于查询`);
  if (f.hidden && f.required && f.default === undefined) warn(p('required'), `${name} 隐藏且必填但没有默认值，新增时无法填写`);
  if (own) {
    for (const k of ['visibleWhen', 'requiredWhen', 'disabledWhen'] as const) {
      const c = f[k];
      if (c) checkCondition(c, [...at, k], `${name} 的 ${k} 条件`, s, err, f.key);
    }
  }
}

const NUMERIC_KINDS: readonly FieldKind[] = ['integer', 'number', 'money'];

/** Fields of `r` named in `wanted` (key -> kind) that are missing or of another kind. */
function missingFields(r: ResourceSchema, wanted: Readonly<Record<string, FieldKind>>): string[] {
  return Object.entries(wanted).filter(([k, kind]) => findField(r, k)?.kind !== kind).map(([k, kind]) => `${k}（${kind}）`);
}

/** `uploadQueue`: the queue's fields, its regulator configuration, and the status dictionary's states. */
function checkUploadQueue(s: ResourceSchema, reg: Registry, err: Report): void {
  const missing = missingFields(s, UPLOAD_QUEUE_FIELDS);
  if (missing.length) err('/uploadQueue', `上报队列缺少字段：${missing.join('、')}`);
  const org = findField(s, 'orgId');
  const target = org?.kind === 'ref' && org.ref ? reg.resources.get(org.ref.resource) : undefined;
  if (target) {
    const m = missingFields(target, REGULATOR_FIELDS);
    if (m.length) err('/uploadQueue', `上报队列的监管机构配置 "${target.name}" 缺少字段：${m.join('、')}`);
  }
  const status = findField(s, 'status');
  const dict = status?.kind === 'dict' && status.dict ? reg.dicts.get(status.dict) : undefined;
  if (dict) {
    const lack = Object.values(UPLOAD_STATES).filter((v) => !dict.items.some((it) => it.value === v));
    if (lack.length) err('/uploadQueue', `上报队列的状态字典 "${dict.code}" 缺少值：${lack.join('、')}`);
  }
}

/** `upload`: a queue exists, the type is one of its upload types, the fields exist with fitting kinds. */
function checkUpload(s: ResourceSchema, reg: Registry, err: Report): void {
  const u = s.upload!;
  const queue = [...reg.resources.values()].find((r) => r.uploadQueue);
  if (!queue) return err('/upload', '声明了 upload，但没有声明 uploadQueue 的上报队列资源');
  const typeDict = findField(queue, 'uploadType')?.dict;
  const types = typeDict ? reg.dicts.get(typeDict) : undefined;
  if (types && !types.items.some((it) => it.value === u.type)) err(pointer('upload', 'type'), `上报类型 "${u.type}" 不是字典 "${types.code}" 的值`);
  if (!findField(s, u.bizNo)) err(pointer('upload', 'bizNo'), `业务单号字段 "${u.bizNo}" 不是已声明的字段`);
  const st = findField(s, u.status);
  const queueDict = findField(queue, 'status')?.dict;
  if (!st) err(pointer('upload', 'status'), `上报状态字段 "${u.status}" 不是已声明的字段`);
  else if (st.kind !== 'dict' || st.dict !== queueDict) err(pointer('upload', 'status'), `上报状态字段 "${u.status}" 必须是字典 "${queueDict}" 的 dict 字段（与上报队列相同）`);
  if (u.time !== undefined && findField(s, u.time)?.kind !== 'datetime') err(pointer('upload', 'time'), `上报时间字段 "${u.time}" 必须是已声明的 datetime 字段`);
  if (u.reason !== undefined && !['text', 'string'].includes(findField(s, u.reason)?.kind ?? '')) err(pointer('upload', 'reason'), `失败原因字段 "${u.reason}" 必须是已声明的 text 或 string 字段`);
  const enqueues = (s.states?.transitions ?? []).some((t) => t.effect === 'regulatorEnqueue');
  if (!enqueues) err('/upload', '声明了 upload，但没有 effect 为 regulatorEnqueue 的流转');
}

/** `wordList`: the word is a string field, scenes a multiple dict, conditions name declared fields. */
function checkWordList(s: ResourceSchema, err: Report): void {
  const w = s.wordList!;
  const word = findField(s, w.word);
  if (!word) err(pointer('wordList', 'word'), `词表的词语字段 "${w.word}" 不是已声明的字段`);
  else if (word.kind !== 'string') err(pointer('wordList', 'word'), `词表的词语字段 "${w.word}" 的类型必须是 string`);
  if (w.scenes !== undefined) {
    const sc = findField(s, w.scenes);
    if (!sc) err(pointer('wordList', 'scenes'), `词表的场景字段 "${w.scenes}" 不是已声明的字段`);
    else if (sc.kind !== 'dict' || !sc.multiple) err(pointer('wordList', 'scenes'), `词表的场景字段 "${w.scenes}" 必须是多选字典（dict + multiple）`);
  }
  if (w.activeWhen) checkCondition(w.activeWhen, ['wordList', 'activeWhen'], '词表的 activeWhen 条件', s, err);
  if (w.replaceWhen) checkCondition(w.replaceWhen, ['wordList', 'replaceWhen'], '词表的 replaceWhen 条件', s, err);
}

/** `wordCheck`: a text kind, a list resource that declares `wordList`, a scene of the list's scenes dictionary. */
function checkWordCheck(f: FieldSchema, p: (...more: Array<string | number>) => string, name: string, reg: Registry, err: Report): void {
  const w = f.wordCheck!;
  if (!['string', 'text', 'richtext'].includes(f.kind)) err(p('wordCheck'), `${name} 声明了 wordCheck，类型必须是 string、text 或 richtext`);
  const list = reg.resources.get(w.list);
  if (!list) return err(p('wordCheck', 'list'), `${name} 的词表资源 "${w.list}" 不存在`, w.list);
  if (!list.wordList) return err(p('wordCheck', 'list'), `${name} 的词表资源 "${w.list}" 没有声明 wordList`);
  if (w.scene === undefined) return;
  const scenes = list.wordList.scenes ? findField(list, list.wordList.scenes) : undefined;
  if (!scenes?.dict) return err(p('wordCheck', 'scene'), `${name} 声明了场景，但词表 "${w.list}" 没有场景字段`);
  const dict = reg.dicts.get(scenes.dict);
  if (dict && !dict.items.some((it) => it.value === w.scene)) err(p('wordCheck', 'scene'), `${name} 的场景 "${w.scene}" 不是字典 "${dict.code}" 的值`);
}

/** `set` of a transition: targets are resource fields other than the state; values fit their kinds. */
function checkTransitionSet(s: ResourceSchema, t: Transition, i: number, key: string, spec: TransitionSetValue, err: Report): void {
  const at = pointer('states', 'transitions', i, 'set', key);
  const target = findField(s, key);
  if (!target) return err(at, `流转 "${t.action}" 的 set 字段 "${key}" 不是资源字段`);
  if (key === s.states!.field || key === t.field) return err(at, `流转 "${t.action}" 的 set 不能写状态字段 "${key}"`);
  if (spec === 'now' && !['datetime', 'date', 'string'].includes(target.kind)) err(at, `流转 "${t.action}" 的 set 字段 "${key}" 取当前时间，类型必须是 datetime、date 或 string`);
  if (typeof spec === 'object' && 'fromNow' in spec && !['datetime', 'date'].includes(target.kind)) err(at, `流转 "${t.action}" 的 set 字段 "${key}" 取当前时间加一段时间，类型必须是 datetime 或 date`);
  if (spec === 'user' && target.kind !== 'string') err(at, `流转 "${t.action}" 的 set 字段 "${key}" 取操作人，类型必须是 string`);
  if (typeof spec === 'object' && 'field' in spec) {
    const src = findField(s, spec.field);
    if (!src) err(at, `流转 "${t.action}" 的 set 字段 "${key}" 复制的字段 "${spec.field}" 不是资源字段`);
    else if (src.kind !== target.kind) err(at, `流转 "${t.action}" 的 set 字段 "${key}" 的类型 ${target.kind} 与复制的字段 "${spec.field}" 的类型 ${src.kind} 不一致`);
  }
}

/** `supersede` of a transition: groups by resource fields, moves the others to another state of the dictionary. */
function checkSupersede(s: ResourceSchema, t: Transition, i: number, dict: DictSchema | undefined, err: Report): void {
  const sp = t.supersede!;
  sp.match.forEach((k, j) => {
    const at = pointer('states', 'transitions', i, 'supersede', 'match', j);
    if (!findField(s, k)) err(at, `流转 "${t.action}" 的 supersede 分组字段 "${k}" 不是资源字段`);
    else if (k === s.states!.field) err(at, `流转 "${t.action}" 的 supersede 不能按状态字段 "${k}" 分组`);
  });
  const to = pointer('states', 'transitions', i, 'supersede', 'to');
  if (sp.to === t.to) err(to, `流转 "${t.action}" 的 supersede 状态 "${sp.to}" 不能等于流转的目标状态`);
  else if (dict && !dict.items.some((it) => it.value === sp.to)) err(to, `流转 "${t.action}" 的 supersede 状态 "${sp.to}" 不是字典 "${dict.code}" 的值`);
  for (const [key, spec] of Object.entries(sp.set ?? {})) {
    const at = pointer('states', 'transitions', i, 'supersede', 'set', key);
    const target = findField(s, key);
    if (!target) err(at, `流转 "${t.action}" 的 supersede set 字段 "${key}" 不是资源字段`);
    else if (key === s.states!.field) err(at, `流转 "${t.action}" 的 supersede set 不能写状态字段 "${key}"`);
    else if (spec === 'now' && !['datetime', 'date', 'string'].includes(target.kind)) err(at, `流转 "${t.action}" 的 supersede set 字段 "${key}" 取当前时间，类型必须是 datetime、date 或 string`);
    else if (spec === 'user' && target.kind !== 'string') err(at, `流转 "${t.action}" 的 supersede set 字段 "${key}" 取操作人，类型必须是 string`);
  }
}

/**
 * `ledger`: the balance resource exists and is server-written (readOnly); the child is one of
 * the record's; every key is a field of the balance and of the child row or the record, of the
 * same kind; quantity is an integer field of the balance and the child; carry fields exist on
 * both; the label is one of the keys.
 */
function checkLedger(s: ResourceSchema, t: Transition, i: number, reg: Registry, err: Report): void {
  const l = t.ledger!;
  const at = (...more: Array<string | number>) => pointer('states', 'transitions', i, 'ledger', ...more);
  const what = `流转 "${t.action}" 的 ledger`;
  const balance = reg.resources.get(l.resource);
  if (!balance) return err(at('resource'), `${what}：余额资源 "${l.resource}" 不存在`, l.resource);
  if (!balance.readOnly) err(at('resource'), `${what}：余额资源 "${l.resource}" 必须声明 readOnly（只由服务端记账）`);
  const spec = s.children?.find((c) => c.key === l.child);
  const child = spec ? reg.resources.get(spec.resource) : undefined;
  if (!spec) return err(at('child'), `${what}：子表 "${l.child}" 不是本资源的子表`);
  if (!child) return;
  l.keys.forEach((k, j) => {
    const b = findField(balance, k);
    const src = (k !== spec.foreignKey ? findField(child, k) : undefined) ?? findField(s, k);
    if (!b) err(at('keys', j), `${what}：键 "${k}" 不是余额资源 "${l.resource}" 的字段`);
    if (!src) err(at('keys', j), `${what}：键 "${k}" 既不是子表 "${l.child}" 的字段，也不是本资源的字段`);
    if (b && src && (b.kind !== src.kind || b.ref?.resource !== src.ref?.resource)) err(at('keys', j), `${what}：键 "${k}" 在余额资源与来源中的类型不一致`);
  });
  const bq = findField(balance, l.quantity);
  const cq = findField(child, l.quantity);
  if (!bq || bq.kind !== 'integer') err(at('quantity'), `${what}：数量 "${l.quantity}" 必须是余额资源 "${l.resource}" 的 integer 字段`);
  if (!cq || cq.kind !== 'integer') err(at('quantity'), `${what}：数量 "${l.quantity}" 必须是子表 "${l.child}" 的 integer 字段`);
  if (!l.keys.includes(l.label)) err(at('label'), `${what}：label "${l.label}" 必须是 keys 之一`);
  if (l.drawOrder !== undefined) {
    if (l.direction !== 'out') err(at('drawOrder'), `${what}：只有出库（out）按 drawOrder 依次扣减`);
    if (!findField(balance, l.drawOrder)) err(at('drawOrder'), `${what}：drawOrder "${l.drawOrder}" 不是余额资源 "${l.resource}" 的字段`);
  }
  l.carry?.forEach((k, j) => {
    if (l.direction !== 'in') err(at('carry', j), `${what}：只有入库（in）复制字段`);
    const b = findField(balance, k);
    const c = findField(child, k);
    if (!b || !c) err(at('carry', j), `${what}：复制字段 "${k}" 必须同时是余额资源与子表的字段`);
    else if (b.kind !== c.kind) err(at('carry', j), `${what}：复制字段 "${k}" 的类型不一致`);
    if (l.keys.includes(k) || k === l.quantity) err(at('carry', j), `${what}：复制字段 "${k}" 不能是键或数量`);
  });
}

/**
 * `schedule`: run by the `scheduleRows` effect; the generated resource refers to this one by
 * `foreignKey`; count/every are integer fields and unit a dict field (of the record or of the
 * record a ref field points at); start/until are dates of the record, date and sn a date and an
 * integer of the generated resource; copy fields exist on both.
 */
function checkSchedule(s: ResourceSchema, t: Transition, i: number, reg: Registry, err: Report): void {
  const sc = t.schedule!;
  const at = (...more: Array<string | number>) => pointer('states', 'transitions', i, 'schedule', ...more);
  const what = `流转 "${t.action}" 的 schedule`;
  if (t.effect !== 'scheduleRows') err(at(), `${what} 需要 effect "scheduleRows"`);
  const target = reg.resources.get(sc.resource);
  if (!target) return err(at('resource'), `${what}：资源 "${sc.resource}" 不存在`, sc.resource);
  const fk = findField(target, sc.foreignKey);
  if (!fk || fk.kind !== 'ref' || fk.ref?.resource !== s.name) err(at('foreignKey'), `${what}：外键 "${sc.foreignKey}" 必须是 "${sc.resource}" 指向本资源的 ref 字段`);
  const resolve = (path: string): FieldSchema | undefined => {
    const [head, tail] = path.split('.') as [string, string | undefined];
    const f = findField(s, head);
    if (!tail) return f;
    const r = f?.kind === 'ref' && f.ref ? reg.resources.get(f.ref.resource) : undefined;
    return r ? findField(r, tail) : undefined;
  };
  for (const k of ['count', 'every'] as const) {
    if (resolve(sc[k])?.kind !== 'integer') err(at(k), `${what}：${k} "${sc[k]}" 必须是 integer 字段（本资源或其 ref 指向的资源）`);
  }
  if (resolve(sc.unit)?.kind !== 'dict') err(at('unit'), `${what}：unit "${sc.unit}" 必须是 dict 字段（本资源或其 ref 指向的资源）`);
  for (const k of ['start', 'until'] as const) {
    const key = sc[k];
    if (key !== undefined && !['date', 'datetime'].includes(findField(s, key)?.kind ?? '')) err(at(k), `${what}：${k} "${key}" 必须是本资源的 date 或 datetime 字段`);
  }
  if (findField(target, sc.date)?.kind !== 'date') err(at('date'), `${what}：date "${sc.date}" 必须是 "${sc.resource}" 的 date 字段`);
  if (sc.sn !== undefined && findField(target, sc.sn)?.kind !== 'integer') err(at('sn'), `${what}：sn "${sc.sn}" 必须是 "${sc.resource}" 的 integer 字段`);
  sc.copy?.forEach((k, j) => {
    const a = findField(s, k);
    const b = findField(target, k);
    if (!a || !b || a.kind !== b.kind) err(at('copy', j), `${what}：复制字段 "${k}" 必须同时是本资源与 "${sc.resource}" 的同类型字段`);
  });
}

/** autoNumber / compute: fields the server fills (read-only to clients), their names and kinds. */
function checkServerFilled(f: FieldSchema, p: (...more: Array<string | number>) => string, name: string, s: ResourceSchema, reg: Registry, err: Report, own: boolean): void {
  for (const word of ['autoNumber', 'compute'] as const) {
    if (f[word] === undefined) continue;
    if (!own) err(p(word), `${name}：${word} 只能声明在资源字段上`);
    else if (f.readOnly !== true) err(p(word), `${name} 由服务端填写（${word}），必须声明 readOnly: true`);
  }
  if (!own) return;
  const a = f.autoNumber;
  if (a) {
    if (f.kind !== 'string') err(p('autoNumber'), `${name} 声明了 autoNumber，类型必须是 string`);
    if (!f.unique) err(p('autoNumber'), `${name} 声明了 autoNumber，必须同时声明 unique（唯一索引防止并发重号）`);
    if (a.rule && !reg.serving('fillRules')) err(p('autoNumber', 'rule'), needsService('fillRules', `${name} 的 autoNumber 声明了编码规则`), serviceKey('fillRules'));
    if (a.rule) {
      // one numbering per rule code: the first field declaring it is the reference
      const first = [...reg.resources.values()].flatMap((r) => r.fields.map((x) => ({ r, x }))).find(({ x }) => x.autoNumber?.rule === a.rule);
      const same = (p: typeof a, q: typeof a) => p.prefix === q.prefix && (p.date || false) === (q.date || false) && p.digits === q.digits;
      if (first && first.x !== f && !same(first.x.autoNumber!, a)) err(p('autoNumber', 'rule'), `${name} 的编码规则 "${a.rule}" 与模块 "${first.r.name}" 的字段 "${first.x.key}" 的编号方式不一致`);
    }
    const length = a.prefix.length + (a.date ? a.date.length : 0) + a.digits;
    if (f.maxLength !== undefined && length > f.maxLength) err(p('autoNumber'), `${name} 的 autoNumber 编号长 ${length} 位，超过 maxLength (${f.maxLength})`);
  }
  const c = f.compute;
  if (!c) return;
  if (!NUMERIC_KINDS.includes(f.kind)) err(p('compute'), `${name} 声明了 compute，类型必须是 integer、number 或 money`);
  /** One operand path (`field` or `ref.field`) of resource `r`, reported at `at`. */
  const operand = (r: ResourceSchema, path: string, at: string) => {
    const [head, tail] = path.split('.') as [string, string | undefined];
    const hf = findField(r, head);
    if (!hf) return err(at, `${name} 的 compute 引用的字段 "${head}" 不是资源 "${r.name}" 的字段`);
    let target = hf;
    if (tail !== undefined) {
      // a `refs` head sums the field over every chosen record
      if ((hf.kind !== 'ref' && hf.kind !== 'treeRef' && hf.kind !== 'refs') || !hf.ref) return err(at, `${name} 的 compute 路径 "${path}" 中的 "${head}" 不是 ref 字段`);
      const tr = reg.resources.get(hf.ref.resource);
      if (!tr) return; // reported at the ref itself
      const tf = findField(tr, tail);
      if (!tf) return err(at, `${name} 的 compute 引用的字段 "${tail}" 不是资源 "${tr.name}" 的字段`);
      target = tf;
    }
    if (!NUMERIC_KINDS.includes(target.kind)) err(at, `${name} 的 compute 引用的字段 "${path}" 不是数值类型（integer、number、money）`);
  };
  const child = (key: string, at: string): ResourceSchema | undefined => {
    const spec = s.children?.find((x) => x.key === key);
    if (!spec) { err(at, `${name} 的 compute 引用的子表 "${key}" 不存在`); return undefined; }
    return reg.resources.get(spec.resource); // an unknown child resource is reported at the child
  };
  if ('product' in c) c.product.forEach((x, i) => operand(s, x, p('compute', 'product', i)));
  else if ('add' in c) c.add.forEach((x, i) => operand(s, x, p('compute', 'add', i)));
  else if ('subtract' in c) c.subtract.forEach((x, i) => operand(s, x, p('compute', 'subtract', i)));
  else if ('percentOf' in c) {
    operand(s, c.percentOf.base, p('compute', 'percentOf', 'base'));
    operand(s, c.percentOf.percent, p('compute', 'percentOf', 'percent'));
  }
  else if ('sum' in c) {
    const r = child(c.sum.child, p('compute', 'sum', 'child'));
    if (r) operand(r, c.sum.field, p('compute', 'sum', 'field'));
  } else {
    const r = child(c.sumProduct.child, p('compute', 'sumProduct', 'child'));
    if (r) c.sumProduct.fields.forEach((x, i) => operand(r, x, p('compute', 'sumProduct', 'fields', i)));
  }
}

/** `countOf`: an own read-only integer field counting the records of a resource that refer to this one. */
function checkCountOf(f: FieldSchema, spec: CountOfSpec, at: Array<string | number>, name: string, s: ResourceSchema, reg: Registry, err: Report, own: boolean): void {
  const p = (...more: Array<string | number>) => pointer(...at, ...more);
  if (!own) { err(p('countOf'), `${name}：countOf 只能声明在资源字段上`); return; }
  if (f.kind !== 'integer') err(p('countOf'), `${name} 的类型 ${f.kind} 不能声明计数（countOf 只用于 integer 字段）`);
  if (f.readOnly !== true) err(p('countOf'), `${name} 声明了 countOf，必须同时声明 readOnly: true`);
  const target = reg.resources.get(spec.resource);
  if (!target) { err(p('countOf', 'resource'), `${name} 的计数资源 "${spec.resource}" 不存在`); return; }
  const via = target.fields.find((x) => x.key === spec.via);
  if (!via || via.kind !== 'ref' || via.ref?.resource !== s.name || (via.ref.value ?? 'id') !== 'id') {
    err(p('countOf', 'via'), `${name} 的计数关联字段 "${spec.via}" 不是资源 "${target.name}" 指向 "${s.name}" 的 ref 字段`);
  }
  if (spec.where) checkCondition(spec.where, [...at, 'countOf', 'where'], `${name} 的 countOf.where`, target, err);
  if (spec.max !== undefined) {
    const max = s.fields.find((x) => x.key === spec.max);
    if (!max || max.kind !== 'integer' || max.key === f.key) err(p('countOf', 'max'), `${name} 的计数上限 "${spec.max}" 不是本资源的其他 integer 字段`);
  }
  if (spec.per) {
    if (!target.fields.some((x) => x.key === spec.per!.field && x.key !== spec.via)) err(p('countOf', 'per', 'field'), `${name} 的 countOf.per.field "${spec.per.field}" 不是资源 "${target.name}" 的其他字段`);
    const max = s.fields.find((x) => x.key === spec.per!.max);
    if (!max || max.kind !== 'integer' || max.key === f.key) err(p('countOf', 'per', 'max'), `${name} 的 countOf.per.max "${spec.per.max}" 不是本资源的其他 integer 字段`);
  }
}

/** `answerSummary`: the answer resource refers to this one and holds json answers; the questions child has the named fields. */
function checkAnswerSummary(s: ResourceSchema, a: AnswerSummarySpec, reg: Registry, err: Report): void {
  const p = (...more: string[]) => pointer('answerSummary', ...more);
  const answers = reg.resources.get(a.resource);
  if (!answers) { err(p('resource'), `answerSummary 的答卷资源 "${a.resource}" 不存在`); return; }
  const via = answers.fields.find((x) => x.key === a.via);
  if (!via || via.kind !== 'ref' || via.ref?.resource !== s.name) err(p('via'), `answerSummary 的关联字段 "${a.via}" 不是资源 "${answers.name}" 指向 "${s.name}" 的 ref 字段`);
  if (answers.fields.find((x) => x.key === a.field)?.kind !== 'json') err(p('field'), `answerSummary 的答案字段 "${a.field}" 不是资源 "${answers.name}" 的 json 字段`);
  const child = s.children?.find((c) => c.key === a.questions);
  const questions = child ? reg.resources.get(child.resource) : undefined;
  if (!child) { err(p('questions'), `answerSummary 的题目子表 "${a.questions}" 不是本资源的子表`); return; }
  if (!questions) return;
  for (const k of ['key', 'title', 'type', 'options'] as const) {
    if (!questions.fields.some((x) => x.key === a[k])) err(p(k), `answerSummary 的 ${k} 字段 "${a[k]}" 不是资源 "${questions.name}" 的字段`);
  }
  const type = questions.fields.find((x) => x.key === a.type);
  if (type && type.kind !== 'dict') err(p('type'), `answerSummary 的题型字段 "${a.type}" 必须是 dict 字段`);
  const values = type?.dict && reg.dicts.has(type.dict) ? new Set(reg.dict(type.dict).items.map((i) => i.value)) : undefined;
  a.choice.forEach((v, i) => { if (values && !values.has(v)) err(p('choice', String(i)), `answerSummary 的题型 "${v}" 不是字典 "${type!.dict}" 的值`); });
}

function checkCondition(c: Condition, at: Array<string | number>, what: string, s: ResourceSchema, err: Report, self?: string): void {
  for (const k of Object.keys(c)) {
    if (k === self) err(pointer(...at, k), `${what}引用了字段自身`);
    else if (!s.fields.some((f) => f.key === k)) err(pointer(...at, k), `${what}引用的字段 "${k}" 不存在`);
  }
}

/**
 * A transition's `when`: fields of the resource, not the field the transition moves (that is
 * `from`'s), and for a dict field only values of its dictionary.
 */
function checkTransitionWhen(s: ResourceSchema, t: Transition, i: number, reg: Registry, err: Report): void {
  const at = ['states', 'transitions', i, 'when'];
  checkCondition(t.when!, at, `流转 "${t.action}" 的 when`, s, err, t.field ?? s.states!.field);
  for (const [k, cv] of Object.entries(t.when!)) {
    const f = findField(s, k);
    const d = f?.kind === 'dict' && f.dict ? reg.dicts.get(f.dict) : undefined;
    if (!d) continue;
    const values = cv !== null && typeof cv === 'object' ? ('in' in cv ? cv.in : 'ne' in cv ? [cv.ne] : []) : [cv];
    for (const v of values) {
      if (v !== null && !d.items.some((it) => it.value === String(v))) err(pointer(...at, k), `流转 "${t.action}" 的 when 中 "${String(v)}" 不是字典 "${d.code}" 的值`);
    }
  }
}

/** visibleWhen/requiredWhen/disabledWhen must not form a dependency cycle (Formily reactions would loop). */
function checkConditionCycles(s: ResourceSchema, err: Report): void {
  const deps = new Map<string, string[]>();
  for (const f of s.fields) {
    deps.set(f.key, [...new Set([f.visibleWhen, f.requiredWhen, f.disabledWhen].flatMap((c) => (c ? Object.keys(c) : [])))].filter((k) => k !== f.key));
  }
  const state = new Map<string, 1 | 2>();
  const reported = new Set<string>();
  const visit = (k: string, stack: string[]) => {
    if (state.get(k) === 2) return;
    if (state.get(k) === 1) {
      const cycle = [...stack.slice(stack.indexOf(k)), k];
      const id = [...cycle].sort().join();
      if (!reported.has(id)) {
        reported.add(id);
        const i = s.fields.findIndex((f) => f.key === k);
        err(pointer('fields', i), `条件依赖形成环：${cycle.join(' → ')}`);
      }
      return;
    }
    state.set(k, 1);
    for (const d of deps.get(k) ?? []) visit(d, [...stack, k]);
    state.set(k, 2);
  };
  for (const k of deps.keys()) visit(k, []);
}

/** Permission codes, API paths and menu paths must be unique across all modules (one line per clash). */
function checkGlobalUniqueness(mods: Array<{ file: string; schema: ResourceSchema }>, problems: Problem[]): void {
  const codes = new Map<string, string>();
  const paths = new Map<string, string>();
  const menus = new Map<string, string>();
  for (const { file, schema: s } of mods) {
    // clashes grouped by (pointer, other module) so a shared prefix gives one line, not six
    const clashes = new Map<string, { p: string; other: string; what: string; items: string[] }>();
    const clash = (p: string, other: string, what: string, item: string) => {
      const k = `${p}\u0000${other}\u0000${what}`;
      const c = clashes.get(k) ?? { p, other, what, items: [] };
      if (!c.items.includes(item)) c.items.push(item);
      clashes.set(k, c);
    };
    const own: Array<{ code: string; p: string }> = [
      ...CRUD_ACTIONS.map((a) => ({ code: permissionCode(s, a), p: s.permissionPrefix ? '/permissionPrefix' : '/name' })),
      ...(s.states?.transitions ?? []).map((t, i) => ({ code: t.permission ?? permissionCode(s, t.action), p: pointer('states', 'transitions', i, t.permission ? 'permission' : 'action') })),
      ...(s.actions ?? []).flatMap((a, i) => (a.permission === false ? [] : [{ code: a.permission ?? permissionCode(s, a.action), p: pointer('actions', i, a.permission ? 'permission' : 'action') }])),
    ];
    const mine = new Set<string>();
    for (const { code, p } of own) {
      const other = codes.get(code);
      if (other !== undefined && other !== s.name) clash(p, other, '权限编码', code);
      mine.add(code);
    }
    for (const c of mine) if (!codes.has(c)) codes.set(c, s.name);

    const routes: Array<{ path: string; p: string }> = [
      ...apiActionsOf(s).map((a) => ({ path: apiPath(s, a), p: s.api?.[a] ? pointer('api', a) : s.api?.base ? '/api/base' : '/name' })),
      // a transition named like a generic action is reported as such (动作名…与通用接口动作重名)
      ...(s.states?.transitions ?? []).flatMap((t, i) => (isApiAction(t.action) || (CRUD_ACTIONS as readonly string[]).includes(t.action) ? [] : [{ path: apiPath(s, t.action), p: pointer('states', 'transitions', i, 'action') }])),
      ...(s.actions ?? []).flatMap((a, i) => (a.effect && a.api ? [{ path: a.api.path, p: pointer('actions', i, 'api', 'path') }] : [])),
    ];
    for (const { path, p } of routes) {
      const other = paths.get(path);
      if (other !== undefined) clash(p, other, '接口路径', path);
      else paths.set(path, s.name);
    }
    if (s.menu) {
      const other = menus.get(s.menu.path);
      if (other !== undefined) clash('/menu/path', other, '菜单路径', s.menu.path);
      else menus.set(s.menu.path, s.name);
    }
    for (const c of clashes.values()) {
      const where = c.other === s.name ? '在本模块中重复' : `与模块 "${c.other}" 重复`;
      problems.push({ file, path: c.p, message: `${c.what} ${c.items.map((x) => `"${x}"`).join('、')} ${where}`, severity: 'error' });
    }
  }
}
