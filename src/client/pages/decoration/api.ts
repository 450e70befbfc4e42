/** Calls of the decoration pages (the module's generic routes, its transitions and actions). */
import { http, type Envelope } from '../../api';
import type { DecorationPage } from '../../../core/decoration/types';
import { parsePage } from '../../../core/decoration/validate';

export const BASE = '/hisHomeDecoration';
export const EDITOR_PATH = '/homeDecoration/create';
export const editorPathOf = (id: string) => `${EDITOR_PATH}?id=${encodeURIComponent(id)}`;

export interface DecorationRow {
  id: string;
  name: string;
  client: string;
  client_dictText?: string;
  status: string;
  status_dictText?: string;
  publishedVersion: number | null;
  version: number;
  page: DecorationPage;
}

export async function loadDecoration(id: string): Promise<DecorationRow> {
  const r = await http.get<Record<string, unknown>>(`${BASE}/queryById`, { id });
  if (!r.success || !r.result) throw new Error(r.message || '未找到对应数据');
  const x = r.result;
  const page = parsePage(x.page) ?? { settings: { title: String(x.name ?? ''), background: '#f5f5f5', shareText: '' }, components: [] };
  return {
    id: String(x.id), name: String(x.name ?? ''), client: String(x.client ?? ''), client_dictText: x.client_dictText as string | undefined,
    status: String(x.status ?? ''), status_dictText: x.status_dictText as string | undefined,
    publishedVersion: x.publishedVersion == null ? null : Number(x.publishedVersion), version: Number(x.version), page,
  };
}

export function createDecoration(body: { name: string; client: string; template: string; page: DecorationPage }): Promise<Envelope<unknown>> {
  return http.post<unknown>(`${BASE}/add`, { ...body, page: JSON.stringify(body.page) });
}

export function saveDecoration(row: Pick<DecorationRow, 'id' | 'name' | 'client' | 'version'>, page: DecorationPage): Promise<Envelope<unknown>> {
  return http.put<unknown>(`${BASE}/edit`, { id: row.id, version: row.version, name: row.name, client: row.client, page: JSON.stringify(page) });
}

export function publishDecoration(id: string): Promise<Envelope<unknown>> {
  return http.put<unknown>(`${BASE}/publish`, { id });
}
