/**
 * The write pipeline's word step: fields that declare `wordCheck` are checked against a word
 * list (a resource declaring `wordList`, e.g. sensitive words).
 *
 * Words that apply: rows of the list in the writer's tenant or in the platform tenant (the
 * platform's list applies to every hospital), in force (`activeWhen`), and for the field's
 * scene (a word without scenes applies everywhere; a field without a scene is checked against
 * every word). A word found in the text (ASCII case ignored) is replaced by as many `*` when
 * its row matches `replaceWhen`; any other word refuses the write with
 * `<title>：包含敏感词「<word>」` (400). Longer words are looked for first, so the message names
 * the longest word found.
 */
import type { FieldSchema } from '../../core/schema/types.js';
import { evaluateCondition } from '../../core/validators/condition.js';
import type { AppContext } from '../context.js';
import { SUPER_TENANT_ID } from '../context.js';
import { rowToRecord } from './model.js';

type Rec = Record<string, unknown>;

export interface WordProblem {
  field: string;
  message: string;
}

interface Word {
  text: string;
  lower: string;
  scenes: string[];
  replace: boolean;
}

/** Checks (and, for words to replace, rewrites) the `wordCheck` fields among `fields` in `values`. */
export type WordChecker = (fields: readonly FieldSchema[], values: Rec) => WordProblem[];

export const wordMessage = (word: string) => `包含敏感词「${word}」`;

const NO_WORDS: WordChecker = () => [];

/** Lists used by `fieldSets`, loaded once for the tenant; no query when no field checks words. */
export async function wordChecker(ctx: AppContext, tenantId: number, fieldSets: ReadonlyArray<readonly FieldSchema[]>): Promise<WordChecker> {
  const names = new Set<string>();
  for (const fields of fieldSets) for (const f of fields) if (f.wordCheck) names.add(f.wordCheck.list);
  if (names.size === 0) return NO_WORDS;
  const lists = new Map<string, Word[]>();
  for (const name of names) lists.set(name, await loadWords(ctx, name, tenantId));
  return (fields, values) => {
    const out: WordProblem[] = [];
    for (const f of fields) {
      const v = values[f.key];
      if (!f.wordCheck || typeof v !== 'string' || v === '') continue;
      const scene = f.wordCheck.scene;
      let text = v;
      let lower = text.toLowerCase();
      for (const w of lists.get(f.wordCheck.list) ?? []) {
        if (scene !== undefined && w.scenes.length > 0 && !w.scenes.includes(scene)) continue;
        if (!lower.includes(w.lower)) continue;
        if (!w.replace) {
          out.push({ field: f.key, message: wordMessage(w.text) });
          break;
        }
        text = replaceAll(text, lower, w.lower);
        lower = text.toLowerCase();
      }
      if (text !== v && !out.some((p) => p.field === f.key)) values[f.key] = text;
    }
    return out;
  };
}

/** Every occurrence of `word` (found in the lower-cased copy) replaced by `*`s in `text`. */
function replaceAll(text: string, lower: string, word: string): string {
  let out = '';
  let at = 0;
  for (let i = lower.indexOf(word); i !== -1; i = lower.indexOf(word, i + word.length)) {
    out += text.slice(at, i) + '*'.repeat([...word].length);
    at = i + word.length;
  }
  return out + text.slice(at);
}

async function loadWords(ctx: AppContext, name: string, tenantId: number): Promise<Word[]> {
  const m = ctx.models.get(name);
  const spec = m?.schema.wordList;
  if (!m || !spec) return [];
  const tenants = [...new Set([tenantId, SUPER_TENANT_ID])];
  const rows = await ctx.database.db.selectFrom(m.table).selectAll().where('tenant_id', 'in', tenants).execute();
  const out: Word[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    const r = rowToRecord(m, row as Rec);
    const text = typeof r[spec.word] === 'string' ? (r[spec.word] as string).trim() : '';
    if (!text || !evaluateCondition(spec.activeWhen, r)) continue;
    const scenesRaw = spec.scenes ? r[spec.scenes] : null;
    const scenes = typeof scenesRaw === 'string' && scenesRaw !== '' ? scenesRaw.split(',') : Array.isArray(scenesRaw) ? scenesRaw.map(String) : [];
    const replace = spec.replaceWhen ? evaluateCondition(spec.replaceWhen, r) : false;
    const key = `${text.toLowerCase()}\u0000${replace}\u0000${scenes.join(',')}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ text, lower: text.toLowerCase(), scenes, replace });
  }
  // refusals before replacements of the same length, longer words first
  return out.sort((a, b) => b.lower.length - a.lower.length || Number(a.replace) - Number(b.replace));
}
