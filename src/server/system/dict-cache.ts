/**
 * Dictionary labels as the database holds them (sys_dict / sys_dict_item), so that an item an
 * administrator renames, adds or disables in the console shows at once in every `<key>_dictText`.
 * Disabled items keep their label (stored rows may still hold the value); a dictionary in the
 * recycle bin (del_flag 1) falls back to the schema's items.
 *
 * The cache is dropped whenever a write to either table is announced on the bus (the write
 * pipeline announces every table it wrote on the `counts` channel, on every instance), on a bus
 * resync, and after a short time as a backstop for writes made outside the pipeline (the schema
 * sync at start).
 */
import { RESYNC, type Bus } from '../bus/index.js';
import type { Database } from '../db/connection.js';
import type { LiveDictValues } from '../../core/validators/dict.js';

/** Tables whose writes make the cached labels stale. */
export const DICT_TABLES = new Set(['sys_dict', 'sys_dict_item']);
const TTL_MS = 60_000;

export interface DictEntry {
  value: string;
  text: string;
  color: string | null;
  enabled: boolean;
}

export class DictCache {
  private entries: Map<string, DictEntry[]> | null = null;
  private loading: Promise<Map<string, DictEntry[]>> | null = null;
  private loadedAt = 0;
  private generation = 0;

  constructor(private readonly database: Database) {}

  attach(bus: Bus): void {
    bus.subscribe('counts', (table) => {
      if (table === RESYNC || table === null || (typeof table === 'string' && DICT_TABLES.has(table))) this.clear();
    });
  }

  clear(): void {
    this.generation += 1;
    this.entries = null;
    this.loading = null;
  }

  /** Items of every live dictionary, by code, in sort order (disabled ones included). */
  async all(now = Date.now()): Promise<Map<string, DictEntry[]>> {
    if (this.entries && now - this.loadedAt < TTL_MS) return this.entries;
    if (!this.loading) {
      const gen = this.generation;
      this.loading = this.load().then((m) => {
        // a write announced while loading: keep the answer for this caller only
        if (gen === this.generation) {
          this.entries = m;
          this.loadedAt = Date.now();
          this.loading = null;
        }
        return m;
      }, (err: unknown) => {
        if (gen === this.generation) this.loading = null;
        throw err;
      });
    }
    return this.loading;
  }

  /**
   * The enabled values of every live dictionary, for the core validator (the one dictionary rule
   * of server and console): an item added in 数据字典 is accepted at once, a disabled one refused.
   */
  async enabledValues(): Promise<LiveDictValues> {
    const all = await this.all();
    let derived = this.enabledByMap.get(all);
    if (!derived) {
      derived = new Map([...all].map(([code, items]) => [code, items.filter((i) => i.enabled).map((i) => i.value)]));
      this.enabledByMap.set(all, derived);
    }
    const byCode = derived;
    return (code) => byCode.get(code);
  }

  private readonly enabledByMap = new WeakMap<Map<string, DictEntry[]>, Map<string, string[]>>();

  /**
   * value -> label of one dictionary, or undefined when the database has no live dictionary of that
   * code. Read-only: the map is derived once per loaded item list (every list call asks for each
   * dictionary field's labels) and goes with it when the cache is dropped.
   */
  async labels(code: string): Promise<ReadonlyMap<string, string> | undefined> {
    return this.labelsIn(await this.all(), code);
  }

  /** `labels` of several dictionaries at once (one wait for the loaded set, not one per field of a list page). */
  async labelsOf(codes: readonly string[]): Promise<Array<ReadonlyMap<string, string> | undefined>> {
    const all = await this.all();
    return codes.map((code) => this.labelsIn(all, code));
  }

  private labelsIn(all: Map<string, DictEntry[]>, code: string): ReadonlyMap<string, string> | undefined {
    const items = all.get(code);
    if (!items) return undefined;
    let map = this.labelsByItems.get(items);
    if (!map) this.labelsByItems.set(items, (map = new Map(items.map((i) => [i.value, i.text]))));
    return map;
  }

  private readonly labelsByItems = new WeakMap<DictEntry[], ReadonlyMap<string, string>>();

  private async load(): Promise<Map<string, DictEntry[]>> {
    const rows = await this.database.db
      .selectFrom('sys_dict_item as i')
      .innerJoin('sys_dict as d', 'd.id', 'i.dict_id')
      .select(['d.dict_code as code', 'i.item_value as value', 'i.item_text as text', 'i.item_color as color', 'i.status as status', 'i.sort_order as sortOrder'])
      .where('d.del_flag', '=', 0)
      .orderBy('d.dict_code')
      .orderBy('i.sort_order')
      .execute();
    const out = new Map<string, DictEntry[]>();
    for (const r of rows as Array<Record<string, unknown>>) {
      const code = String(r.code);
      let list = out.get(code);
      if (!list) out.set(code, (list = []));
      list.push({ value: String(r.value), text: String(r.text), color: r.color == null ? null : String(r.color), enabled: Number(r.status) === 1 });
    }
    return out;
  }
}
