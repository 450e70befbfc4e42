/**
 * The resource-schema language, version 1.
 *
 * A module of the console is one JSON file under `schemas/modules/` typed by
 * `ResourceSchema`. The published meta-schema (`schemas/meta/resource.schema.json`)
 * is the normative form of these types; the two are kept equal by a unit test.
 * Every projection (list columns, Formily schema, ajv validator, SQL table,
 * menu/permission entries) reads only these types.
 */

export const SCHEMA_VERSION = 1 as const;

export type FieldKind =
  | 'string' | 'text' | 'integer' | 'number' | 'money' | 'boolean'
  | 'date' | 'datetime' | 'time'
  | 'dict' | 'ref' | 'refs' | 'treeRef' | 'region'
  | 'image' | 'images' | 'file' | 'richtext'
  | 'phone' | 'idcard' | 'url' | 'email' | 'password'
  | 'color' | 'icon' | 'json';

export const FIELD_KINDS: readonly FieldKind[] = [
  'string', 'text', 'integer', 'number', 'money', 'boolean',
  'date', 'datetime', 'time',
  'dict', 'ref', 'refs', 'treeRef', 'region',
  'image', 'images', 'file', 'richtext',
  'phone', 'idcard', 'url', 'email', 'password',
  'color', 'icon', 'json',
];

/** How a search-form field filters: JeecgBoot query conventions on the wire. */
export type SearchMode = 'eq' | 'like' | 'in' | 'range';

/**
 * A declarative condition over other form values. Every key names a field;
 * all keys must hold (AND). A bare value means equality.
 */
export type ConditionValue =
  | string | number | boolean | null
  | { in: Array<string | number | boolean> }
  | { ne: string | number | boolean | null }
  | { empty: true }
  | { notEmpty: true };
export type Condition = Record<string, ConditionValue>;

export interface CapSpec {
  /** A `ref` field of this resource: the record whose amount caps the sum. */
  ref: string;
  /** Numeric field of the referenced resource holding the cap. */
  field: string;
  /** Records left out of the sum (e.g. closed refunds). */
  unless?: Condition;
}

export interface CountOfSpec {
  /** The resource whose records are counted. */
  resource: string;
  /** Its `ref` field naming a record of this resource. */
  via: string;
  /** Only its records matching this condition count (e.g. `{status: "1"}` for 已用). */
  where?: Condition;
  /** An integer field of this resource bounding the count (e.g. the coupon's 发放总量). */
  max?: string;
  /**
   * A bound per value of a field of the counted records: at most `max` (an integer field of this
   * resource) counted records of one owner may hold the same `field` value (e.g. 每人限领 per 会员).
   */
  per?: { field: string; max: string };
}

export interface RefSpec {
  /** Target resource name (another schema's `name`). */
  resource: string;
  /** Field of the target shown as the option label. */
  label: string;
  /** Field of the target stored as the value (default `id`). */
  value?: string;
  /**
   * The referenced records grant permission codes (e.g. roles): a write may only add records
   * whose codes the caller holds herself (server check; the target's system registers how to
   * read a record's codes).
   */
  grantSubset?: boolean;
  /** Filter the target by constants or by other values of this form. */
  filter?: Record<string, { field: string } | { value: string | number | boolean }>;
}

export interface ListOptions {
  width?: number;
  fixed?: 'left' | 'right';
  /** Cut cell text at this many characters (default 25); false shows it whole. */
  ellipsis?: number | false;
  sortable?: boolean;
}

export interface FormOptions {
  span?: number;
  placeholder?: string;
  help?: string;
}

export interface FieldSchema {
  key: string;
  title: string;
  kind: FieldKind;
  required?: boolean;
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  min?: number;
  max?: number;
  /** Decimal places for number kinds (money defaults to 2). */
  precision?: number;
  /** A regular expression the value must match, with its Chinese message. */
  pattern?: string;
  patternMessage?: string;
  /** Dictionary code (kind dict). */
  dict?: string;
  /** dict: several values (stored comma-joined). */
  multiple?: boolean;
  /** dict: how the choice is drawn. */
  widget?: 'select' | 'radio' | 'checkbox';
  ref?: RefSpec;
  /**
   * Server duplicate check: `true` unique within the tenant, `"global"` unique across all
   * tenants (e.g. login names shared with the authentication tables).
   */
  unique?: boolean | 'global';
  /**
   * With `unique: true`: unique only among the rows holding the same value of this other field
   * (e.g. a dictionary item's value within its dictionary, `dictId`), checked by the server and
   * by a unique index (tenant, that field, this field).
   */
  uniqueWithin?: string;
  /** Mask the value in lists (phone 138****8000, ID card 110***********1234). */
  sensitive?: 'mask';
  /** Shown but never written by the client (server-managed, e.g. audit status). */
  readOnly?: boolean;
  /** Never shown in any view (still stored). */
  hidden?: boolean;
  /** Only on the create form (e.g. a password). */
  createOnly?: boolean;
  /** Never returned by the server (passwords). */
  writeOnly?: boolean;
  search?: SearchMode | false;
  /**
   * Another query-parameter name the list accepts for this field's search (eq, like or in), for
   * callers that use another name, e.g. JeecgBoot's 数据日志 sends `dataId` for the record id.
   */
  searchAlias?: string;
  /**
   * Text fields: values offered in the form beside free text (a pick fills the value), e.g. a
   * data rule's variables `#{sys_user_code}` with their meaning as the label.
   */
  suggestions?: Array<{ value: string; label: string }>;
  /**
   * `"substring"`: the server keeps an n-gram index (every character and character pair) for
   * this `like` search field, so a contains-search on a large table reads the index instead of
   * every row. Text fields with a `maxLength` of at most 256 (every character is indexed).
   */
  index?: 'substring';
  list?: ListOptions | false;
  form?: FormOptions | false;
  detail?: false;
  /** Display format for dates (dayjs), default per kind. */
  format?: string;
  visibleWhen?: Condition;
  requiredWhen?: Condition;
  /**
   * Numeric fields: the sum of this field over the records naming the same `ref` (this
   * record included, those matching `unless` left out) may not exceed `field` of the record it
   * names — refunds never above what was paid, withdrawals never above the balance. A list
   * caps through several ref fields (e.g. one per order type); each applies when its ref is set.
   */
  capBy?: CapSpec | CapSpec[];
  /**
   * Integer fields: the number of records of another resource that name this record through
   * one of their `ref` fields (those matching `where`), kept by the server in the transaction
   * of every write of those records (add, edit, delete, transition, import) — a coupon's 已领 /
   * 已用 counts follow its receive records. Needs `readOnly: true` (linter). With `max`, a field
   * of this record the count may not pass: the write that would pass it is refused with 400
   * `<ref title>：<title>不能超过<max title> <n>`, and this record's own edit may not lower
   * `max` below the count (400 `<max title>：不能少于<title> <n>`).
   */
  countOf?: CountOfSpec;
  disabledWhen?: Condition;
  /**
   * Demo-data hint for src/server/demo: a named generator
   * (e.g. `personName`, `hospitalName`, `drugName`, `address`, `company`)
   * or a pool to pick from. Without it the generator goes by kind and dict.
   */
  demo?: string | { pool: Array<string | number | boolean> };
  /**
   * Field-level permission codes: without `view` the server strips the field from every
   * output and the client hides it; without `edit` the field is read-only (the server
   * refuses a changed value with 403 `没有权限修改字段：<title>`).
   */
  permission?: FieldPermission;
  /**
   * Name of a registered rule-code check (schemas/registry.json "rules"), validated by the
   * server rules helper, e.g. `drug_batch_no`.
   */
  rule?: string;
  /**
   * Server-numbered on add: `<prefix><date><sequence>`, e.g. CF202601150001 for
   * `{prefix: 'CF', date: 'yyyyMMdd', digits: 4}`. The sequence counts per tenant and period
   * (day, month, or all time when `date` is false/absent); a concurrent twin is caught by the
   * unique index and numbered again. Needs `readOnly: true` and `unique` (linter), kind string.
   */
  autoNumber?: AutoNumberSpec;
  /**
   * Server-computed on every add and edit (clients cannot write it; needs `readOnly: true`),
   * rounded to the field's precision (money 2, integer 0). Operands are paths: a field of the
   * row (`quantity`) or a field of the row a ref points to (`drugId.retailPrice`, read in the
   * caller's tenant). Kinds are numeric (integer, number, money).
   */
  compute?: ComputeSpec;
  /**
   * Text checked by the server on every write against a word list (a resource declaring
   * `wordList`, e.g. sensitive words): a word to refuse gives 400 `<title>：包含敏感词「<word>」`,
   * a word to replace is stored as `*`s. Kinds string, text, richtext (linter).
   */
  wordCheck?: WordCheckSpec;
}

export interface WordCheckSpec {
  /** The word-list resource (it declares `wordList`). */
  list: string;
  /** This field's scene, a value of the list's scenes dictionary: only words of that scene or of none apply. */
  scene?: string;
}

/**
 * The records of this resource are a word list that fields refer to with `wordCheck`. Words of
 * the writer's tenant and of the platform tenant apply.
 */
export interface WordListSpec {
  /** The field holding the word (kind string). */
  word: string;
  /** A multiple dict field: the scenes a word applies to (empty: every scene). */
  scenes?: string;
  /** Which rows are in force (e.g. `{status: '1'}`); without it every row. */
  activeWhen?: Condition;
  /** Rows whose word is replaced by `*`s instead of refused (e.g. `{handling: '2'}`). */
  replaceWhen?: Condition;
}

export interface AutoNumberSpec {
  /** Letters, digits or `-` before the date (at most 16), e.g. `CF`. */
  prefix: string;
  /** Date segment of the number; the sequence restarts with each period. Default: none. */
  date?: 'yyyyMMdd' | 'yyyyMM' | false;
  /** Width of the zero-padded sequence. */
  digits: number;
  /**
   * Code of an 编码规则 (the fill-rule module, sys_fill_rule) an administrator may edit: while the
   * rule exists its prefix, date segment and digits replace these, which seed it on start.
   * Fields sharing a code must declare the same numbering (linter).
   */
  rule?: string;
}

/**
 * A declarative formula over numbers:
 * - `product`: product of paths of the same row, e.g. `["quantity", "purchasePrice"]`;
 * - `add`: sum of paths of the same row, e.g. `["selfAmount", "deductAmount"]` (an order's total);
 * - `sum`: sum of one path over the rows of a child (`children[].key`);
 * - `sumProduct`: sum over the rows of a child of the product of paths of the child row,
 *   e.g. `{child: "items", fields: ["quantity", "drugId.retailPrice"]}`;
 * - `subtract`: the first path minus the others, e.g. `["paidAmount", "splitAmount"]` (what the
 *   merchant keeps) or `["platformAmount", "channelAmount"]` (a reconciliation difference);
 * - `percentOf`: `base × percent / 100` rounded half-up to the field's decimals, at most `cap`
 *   percent of the base (rounded down) and at most the base, e.g. a profit share of the paid
 *   amount at the split rule's ratio with WeChat's 30 % cap:
 *   `{base: "paidAmount", percent: "splitRuleId.ratio", cap: 30}`.
 * A path is `field` or `refField.targetField`; empty operands count as 0.
 */
export type ComputeSpec =
  | { product: string[] }
  | { add: string[] }
  | { subtract: string[] }
  | { percentOf: PercentOfSpec }
  | { sum: { child: string; field: string } }
  | { sumProduct: { child: string; fields: string[] } };

export interface PercentOfSpec {
  /** Path of the amount the share is taken from. */
  base: string;
  /** Path of the percentage (0–100, e.g. 12.5 for 12.5 %). */
  percent: string;
  /** Upper bound of the share in percent of the base (e.g. 30); the bound is rounded down. */
  cap?: number;
}

export interface FieldPermission {
  view?: string;
  edit?: string;
}

export interface Transition {
  action: string;
  title: string;
  from: string[];
  to: string;
  /** Permission code; defaults to `<prefix>:<action>`. */
  permission?: string;
  /**
   * Taken only by the server (an effect, e.g. refundReferenced's `refund`): never offered as a
   * button nor in `_transitions`; a direct call of its route is refused 400.
   */
  system?: boolean;
  confirm?: string;
  /**
   * Transition form. Fields that are also fields of the resource (e.g. rejectReason) are
   * stored; the others are only handed to the effect.
   */
  form?: FieldSchema[];
  /** Registered server effect run in the transition's transaction (schemas/registry.json "effects"). */
  effect?: string;
  /**
   * Fields of the resource written with the state change (before the effect, which may
   * override them): `"now"` the current time (e.g. payTime), `"user"` the caller's name
   * (e.g. acceptBy), `{field}` a copy of another field of the row (e.g. refundAmount from
   * selfAmount: a full refund never exceeds what was paid), `{value}` a constant, `{fromNow}`
   * the current time plus a period (a record archived today is kept until 15 years later).
   */
  set?: Record<string, TransitionSetValue>;
  /**
   * One current row per group: once this row reaches `to`, the tenant's other rows in that same
   * state whose `match` fields hold this row's values leave it for `supersede.to`, in the same
   * transaction, with `set` written (e.g. publishing an agreement retires the type's previous
   * published version; releasing a mini-program version retires the live one of the AppID).
   */
  supersede?: SupersedeSpec;
  /**
   * Quantities posted to a balance resource with the state change, in its transaction
   * (stock: a stock-in bill's lines add to the pharmacy's balance, a stock-out's take from it).
   */
  ledger?: LedgerPost;
  /**
   * The state field this transition moves (default `states.field`): another single-choice
   * dict field with its own flow beside the business state, e.g. a prescription's upload
   * status (上报 / 忽略) while the prescription itself is 已通过 or 已发药.
   */
  field?: string;
  /** Rows the `scheduleRows` effect generates when this transition runs (a plan's tasks). */
  schedule?: ScheduleSpec;
  /**
   * A condition on the stored row besides `from` (fields of the resource, AND): the transition is
   * offered and accepted only while it holds, e.g. 上报 (on `uploadStatus`) only once the
   * prescription itself took effect — never for a rejected one. The server refuses otherwise
   * with `当前<field title>「<value>」不允许执行「<title>」` naming the first field that fails.
   */
  when?: Condition;
}

/**
 * `schedule` (with the `scheduleRows` effect): the transition generates `count` rows of
 * `resource`, linked to the record by `foreignKey`, dated `every` × `unit` apart from the
 * record's `start` date (not after `until`), numbered 1.. in `sn`, with the `copy` fields
 * of the same name taken from the record. `count`, `every` and `unit` name a field of the
 * record or, as `ref.field`, of the record a ref field points at (the plan's type); the unit
 * is a dict value whose text is 年, 月, 周 or 天. A record that already has rows gets none.
 */
export interface ScheduleSpec {
  resource: string;
  foreignKey: string;
  count: string;
  every: string;
  unit: string;
  start: string;
  until?: string;
  date: string;
  sn?: string;
  copy?: string[];
}

/** The state field a transition moves: its own `field`, else the resource's `states.field`. */
export function transitionField(schema: ResourceSchema, t: Transition): string {
  return t.field ?? schema.states!.field;
}

export interface SupersedeSpec {
  /** Fields of the resource whose equal values make a group (not the state field). */
  match: string[];
  /** State the superseded rows move to (a value of the state dictionary, other than the transition's `to`). */
  to: string;
  /** Fields written on the superseded rows: `"now"`, `"user"` or `{value}`. */
  set?: Record<string, SupersedeSetValue>;
}

export type SupersedeSetValue = 'now' | 'user' | { value: string | number | boolean | null };


/**
 * A ledger posting: for every row of the child `child` of the record, the row of the balance
 * resource `resource` (server-written, `readOnly`) identified by the values of `keys` moves by the
 * row's `quantity` — up for `in`, down for `out`. Each key and the quantity are fields of the same
 * name on the balance and on the child row or, when the child has no such field, on the record
 * itself (a bill's pharmacy). Rows with the same keys count together. An `in` posting creates a
 * missing balance row and copies `carry` fields (expiry date, unit) from the child row; an `out`
 * posting never takes a balance below zero: the transition is refused naming the item by the
 * key `label` (a ref shows its label), e.g. `阿莫西林胶囊：库存不足（现有 5，出库 8）`.
 */
export interface LedgerPost {
  resource: string;
  direction: 'in' | 'out';
  child: string;
  keys: string[];
  quantity: string;
  label: string;
  carry?: string[];
  /**
   * `out` only: when the keys match several balance rows (a prescription names no batch), they
   * are drawn from in ascending order of this balance field (expiryDate: nearest expiry first).
   */
  drawOrder?: string;
}

export type TransitionSetValue = 'now' | 'user' | { field: string } | { value: string | number | boolean | null } | { fromNow: Period };

/** A period added to the current time (at least one part, whole numbers). */
export interface Period {
  years?: number;
  months?: number;
  days?: number;
}

export interface ResourceAction {
  action: string;
  title: string;
  /** Where it appears. */
  placement: 'row' | 'toolbar';
  kind: 'call' | 'form' | 'open' | 'custom';
  /**
   * Permission code; defaults to `<prefix>:<action>`. `false` declares a deliberately
   * unguarded action, allowed only for kinds open/custom and GET calls (a mutation always
   * needs a code: the linter refuses `false` on POST/PUT/DELETE).
   */
  permission?: string | false;
  confirm?: string;
  /** kind call/form: API path relative to the API root, method. */
  api?: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string };
  form?: FieldSchema[];
  /** kind open: another resource, filtered by this row. */
  open?: { resource: string; filter: Record<string, { field: string }> };
  /** kind custom: a registered component name (schemas/registry.json "widgets" or "pages"). */
  component?: string;
  /** kind call/form: registered server effect serving `api` (schemas/registry.json "effects"). */
  effect?: string;
  visibleWhen?: Condition;
}

export interface ChildSchema {
  /** Key of the children array in the parent payload. */
  key: string;
  title: string;
  /** Child resource name (its own schema). */
  resource: string;
  /** Field of the child that holds the parent id. */
  foreignKey: string;
  /** Columns of the child edited inline (default: all form fields). */
  fields?: string[];
  /** Fewest rows a parent must carry (checked on add, and on edit when the rows are sent). */
  min?: number;
  /** Most rows a parent may carry. */
  max?: number;
}

export interface ApiSpec {
  /** Base path under the API root (default `/<name>`). */
  base?: string;
  list?: string;
  queryById?: string;
  add?: string;
  edit?: string;
  delete?: string;
  deleteBatch?: string;
  exportXls?: string;
  importExcel?: string;
  /** Excel import template download (default `<base>/importTemplate`). */
  importTemplate?: string;
  /** Tree resources: children of one node, `?pid=` (default `<base>/childList`). */
  childList?: string;
  /**
   * More paths (relative to the API root) answering one generic action, with its permission
   * code and checks — for callers that use another name, e.g. `{"/v1/hisApi/refund": "add"}`.
   */
  aliases?: Record<string, 'list' | 'queryById' | 'add' | 'edit' | ListAlias>;
}

/**
 * A list under another path whose one parameter matches any of several fields (e.g. an order id
 * against each order type's relation field of a refund: `/memberRefund/queryByOrderId?orderId=`).
 */
export interface ListAlias {
  to: 'list';
  /** The query parameter (required on this path). */
  param: string;
  /** Single-valued fields of the resource; a row matches when any of them equals the value. */
  anyOf: string[];
}

export interface MenuSpec {
  /** Title of the menu group (a top-level directory). */
  group: string;
  /** Route path of the page, e.g. `/app/doctor`. */
  path: string;
  icon?: string;
  order?: number;
  keepAlive?: boolean;
}

export interface ListSpec {
  columns?: string[];
  /** `field,asc|desc` */
  sort?: string;
  pageSize?: number;
  /** Batch actions on selected rows. */
  batch?: string[];
  /**
   * Tree table: `parent` is a ref/treeRef field to this same resource. Without filters the
   * list returns the roots (each with `hasChild`); `childList?pid=` returns one node's children.
   * `lazy`: the client loads children on expand (else it may load all levels at once).
   */
  tree?: TreeSpec;
  /**
   * A searchable ref/refs field whose target is a tree resource (`list.tree`): the list page draws
   * that tree beside the table (with a search box); selecting a node filters the list by the field
   * (部门用户: users by department).
   */
  filterTree?: string;
  export?: boolean;
  import?: boolean;
}

export interface TreeSpec {
  parent: string;
  lazy?: boolean;
}

export interface FormSection {
  title: string;
  fields: string[];
}

export interface FormSpec {
  open?: 'modal' | 'drawer' | 'page';
  columns?: 1 | 2 | 3;
  width?: number;
  sections?: FormSection[];
}

export interface ResourceSchema {
  $schema?: string;
  schemaVersion: typeof SCHEMA_VERSION;
  /** Resource name: default API base and permission prefix. */
  name: string;
  /** Page and menu title, e.g. 医生管理. */
  title: string;
  /** Entity noun used in messages: 新增医生 / 编辑医生. */
  entity: string;
  description?: string;
  /** Database table (default snake_case of name). */
  table?: string;
  /** Permission code prefix (default name). */
  permissionPrefix?: string;
  api?: ApiSpec;
  menu?: MenuSpec;
  fields: FieldSchema[];
  list?: ListSpec;
  form?: FormSpec;
  children?: ChildSchema[];
  states?: StatesSpec;
  actions?: ResourceAction[];
  /** Registered server effects run on generic writes (schemas/registry.json "effects"). */
  effects?: ResourceEffects;
  /** Demo data of a first start: how many generated rows per tenant, or these exact records. */
  demo?: ResourceDemo;
  /**
   * Records written by the server only (login and operation logs, job runs): no add, edit,
   * delete or import — no routes, no permission codes, no buttons; list, detail and export stay.
   */
  readOnly?: boolean;
  /** The records are a word list that fields check their text against (`wordCheck`). */
  wordList?: WordListSpec;
  /**
   * The records are uploaded to the regulators configured for the tenant: a transition whose
   * effect is `regulatorEnqueue` queues the record (payload built from its fields) in the
   * upload queue (`uploadQueue`); the queue keeps `status` / `time` / `reason` in step.
   */
  upload?: UploadSpec;
  /**
   * Public read-only list (no login): `GET /hospital/open/<name>/list?tenantId=` returns only
   * `fields` (dict fields with their `_dictText`) of the records matching `filter`, sorted, capped.
   */
  publicRead?: PublicReadSpec;
  /**
   * This resource is the regulator upload queue (at most one): its fields are those of
   * `UPLOAD_QUEUE_FIELDS`, its `orgId` refers to the regulator configuration
   * (`REGULATOR_FIELDS`); the server sends due rows with retries and backoff.
   */
  uploadQueue?: boolean;
  /**
   * The records are what the engine itself uses for one platform service (`PLATFORM_SERVICES`):
   * the organisations a super-tenant user narrows lists to, the regions `region` fields name,
   * the numbering rules `autoNumber.rule` names. At most one resource serves each.
   */
  serves?: PlatformService;
  /** The records are reconciliation tasks of an imported channel statement (`statementCompare`). */
  statement?: StatementSpec;
  /**
   * The records are questionnaires answered by the records of another resource: GET
   * `<base>/answerSummary?id=` (the list code) counts the answer sheets of one record in the
   * caller's tenant, per question: the share of each option of choice questions, the answers of
   * the others. The console's `AnswerSummary` widget shows it.
   */
  answerSummary?: AnswerSummarySpec;
}

/**
 * `answerSummary`: answer sheets are records of `resource` naming this record through `via`, each
 * holding in the json field `field` a list of `{<key>: <question key>, answer: <text or list>}`.
 * The questions are the rows of the child `questions` (fields `key`, `title`, `type`, `options`:
 * one option per line); questions whose `type` is in `choice` are counted per option (a list or
 * comma-joined answer counts each option it names), the others listed.
 */
export interface AnswerSummarySpec {
  resource: string;
  via: string;
  field: string;
  questions: string;
  key: string;
  title: string;
  type: string;
  options: string;
  choice: string[];
}

/**
 * 渠道账单对账: a task's statement file (CSV or Excel) is parsed on the server and compared with
 * the `against` records of the task's day and scope; differences become `diffs` records.
 */
export interface StatementSpec {
  /** File field holding the statement. */
  file: string;
  /** Statement columns by header text (any of the names). */
  columns: { key: string[]; amount: string[]; time?: string[]; state?: string[] };
  /** Statement state text -> the platform's state value; other texts are not compared. */
  states?: Record<string, string>;
  against: {
    resource: string;
    key: string;
    amount: string;
    time: string;
    state?: string;
    /** Platform states that count (totals) and must appear on the statement. */
    counted?: string[];
    /** The task's date field: platform records of that day. */
    day: string;
    /** Task field -> platform field with the same value. */
    match?: Record<string, string>;
    /** Task field -> platform field and the platform values of each task value. */
    map?: Record<string, { field: string; values: Record<string, string[]> }>;
  };
  totals?: { platformCount?: string; platformAmount?: string; channelCount?: string; channelAmount?: string };
  diffs: {
    resource: string;
    link: string;
    type: string;
    types: { long: string; short: string; amount: string; state: string };
    ref?: string;
    key?: string;
    platformAmount?: string;
    channelAmount?: string;
    time?: string;
    state: string;
    open: string;
    way?: string;
  };
  /** The task's follow-on transition after the comparison: no difference / differences. */
  outcome: { same: string; differ: string };
  /** The task's transition once the last difference is resolved, and the field its note goes to. */
  close?: { action: string; note: string };
}

/** `publicRead`: what an anonymous caller may read of a resource. */
export interface PublicReadSpec {
  fields: string[];
  /** Field -> value every public record has (equality). */
  filter?: Record<string, string | number | boolean>;
  /** `field,asc|desc`. */
  sort?: string;
}

export interface UploadSpec {
  /** The regulator interface `/pub/<type>`: a value of the queue's uploadType dictionary. */
  type: string;
  /** Field naming the record to the regulator (a ref sends its label). */
  bizNo: string;
  /** Dict field (the queue's status dictionary) kept in step: 上报中, 已上报, 上报失败, 已忽略. */
  status: string;
  /** Datetime field: when the regulator answered. */
  time?: string;
  /** Text field: why the upload failed. */
  reason?: string;
}

/** Fields (key -> kind) the upload queue declares. */
export const UPLOAD_QUEUE_FIELDS: Readonly<Record<string, FieldKind>> = {
  uploadType: 'dict', bizNo: 'string', orgId: 'ref', payload: 'json', status: 'dict', retryCount: 'integer',
  firstTime: 'datetime', lastTime: 'datetime', nextTime: 'datetime', respCode: 'string', respMsg: 'string',
  failReason: 'text', sourceResource: 'string', sourceId: 'string',
};
/** Fields (key -> kind) of the regulator configuration the queue's orgId refers to. */
export const REGULATOR_FIELDS: Readonly<Record<string, FieldKind>> = {
  baseUrl: 'url', orgCode: 'string', appKey: 'string', appSecret: 'string', timeoutSeconds: 'integer',
  maxRetries: 'integer', uploadEnabled: 'boolean', status: 'dict',
};
/** Upload states (values of the queue's status dictionary). */
export const UPLOAD_STATES = { pending: '0', sending: '1', done: '2', failed: '3', retrying: '4', ignored: '5' } as const;

/**
 * `rows` caps the generated demo rows per tenant (0: none); `records` replaces them by fixed
 * records (keys are field keys), seeded into every tenant, for modules whose rows are few and
 * meaningful (configuration, jobs). In a tree, a record names its parent (a ref to the same
 * resource) by the label of an earlier record; a ref to another resource names that resource's
 * seeded row by its label (e.g. a department role's department by 机构名称).
 */
export interface ResourceDemo {
  rows?: number;
  records?: Array<Record<string, string | number | boolean | null>>;
}

/**
 * Server effects of the generic write path. `afterWrite` effects run after add / edit /
 * delete / deleteBatch, inside the same transaction (throwing rolls the write back), in order;
 * e.g. system behaviour such as mirroring a user's roles into the authentication tables.
 */
export interface ResourceEffects {
  afterWrite?: string[];
  /**
   * queryById for callers the record is addressed to: the route asks only for a login, the
   * effect gets the generic record (or null when the caller lacks the list code or the
   * tenant has no such id) and answers the record to send or null (404) — e.g. a message
   * opened by one of its recipients.
   */
  read?: string;
}

/** A status field (kind dict) and its named transitions; the server enforces them. */
export interface StatesSpec {
  field: string;
  transitions: Transition[];
  /**
   * States in which the record itself may still be edited or deleted (default: every state),
   * e.g. a bill only while 草稿 or 已驳回: once posted its lines stay as they were posted. The
   * server refuses other edits and deletes, its children's own ones included, with 400
   * `当前状态「<label>」不允许编辑` / `…不允许删除`; the list hides 编辑 and 删除 there.
   */
  editable?: string[];
  /**
   * States in which the record may be deleted (default: `editable`), e.g. a published page that
   * is still edited but deleted only once taken offline: 400 `当前状态「<label>」不允许删除`.
   */
  deletable?: string[];
}

/**
 * schemas/registry.json: names of the client components, pages, server effects and rule
 * checks that schemas may refer to (the linter refuses unknown names).
 */
export interface ExtensionRegistry {
  $schema?: string;
  widgets: string[];
  pages: string[];
  effects: string[];
  rules: string[];
}

/**
 * Services a module's records provide to the engine, with the fields (keys) the engine reads
 * from them: the engine finds the module by the service it declares (`serves`), never by name.
 */
export const PLATFORM_SERVICES = {
  organisations: { title: '机构', fields: ['name'] },
  regions: { title: '行政区划', fields: ['code', 'name'] },
  fillRules: { title: '编码规则', fields: ['ruleCode', 'ruleName', 'prefix', 'dateFormat', 'digits', 'remark'] },
} as const satisfies Record<string, { title: string; fields: readonly string[] }>;
export type PlatformService = keyof typeof PLATFORM_SERVICES;

export interface DictItem {
  value: string;
  text: string;
  /** antd tag colour for list cells. */
  color?: string;
}

export interface DictSchema {
  $schema?: string;
  code: string;
  title: string;
  items: DictItem[];
}

/** Keys of the columns every resource table has besides its declared fields (their details: system-columns.ts). */
export const SYSTEM_COLUMNS = ['id', 'tenantId', 'createBy', 'createTime', 'updateBy', 'updateTime', 'version'] as const;
export type SystemColumn = (typeof SYSTEM_COLUMNS)[number];

/** The generic CRUD actions every resource has, with their permission suffixes. */
export const CRUD_ACTIONS = ['list', 'queryById', 'add', 'edit', 'delete', 'deleteBatch'] as const;
export type CrudAction = (typeof CRUD_ACTIONS)[number];

/** Longest value a substring index (`index: "substring"`) covers: every character is indexed. */
export const SUBSTRING_INDEX_MAX_LENGTH = 256;
