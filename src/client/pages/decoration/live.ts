/**
 * Live data of the canvas: the tenant's departments, recommended doctors and announcements,
 * read through the same list API the patient app's backend serves (the module lists), so the
 * canvas shows the page as the app would. A list the caller may not read stays empty.
 */
import { useEffect, useState } from 'react';
import { http } from '../../api';

export interface LiveDoctor { id: string; name: string; title: string; department: string; goodAt: string; avatar: string }
export interface LiveData {
  departments: Array<{ id: string; name: string }>;
  doctors: LiveDoctor[];
  announcements: Array<{ id: string; title: string }>;
}

export const EMPTY_LIVE: LiveData = { departments: [], doctors: [], announcements: [] };

type Rec = Record<string, unknown>;
const s = (v: unknown) => (v === null || v === undefined ? '' : String(v));

async function rows(path: string, query: Record<string, string>): Promise<Rec[]> {
  try {
    const r = await http.get<{ records: Rec[] }>(path, query);
    return r.success ? r.result?.records ?? [] : [];
  } catch {
    return [];
  }
}

export async function loadLive(): Promise<LiveData> {
  const [departments, doctors, announcements] = await Promise.all([
    rows('/hisDepartment/list', { pageNo: '1', pageSize: '12', column: 'createTime', order: 'asc' }),
    rows('/hisDoctor/list', { pageNo: '1', pageSize: '10', status: '1', column: 'createTime', order: 'asc' }),
    rows('/hisPublicity/list', { pageNo: '1', pageSize: '5', column: 'createTime', order: 'desc' }),
  ]);
  return {
    departments: departments.map((d) => ({ id: s(d.id), name: s(d.name) })),
    doctors: doctors.map((d) => ({
      id: s(d.id), name: s(d.realname), title: s(d.title_dictText ?? d.title), department: s(d.departIds_dictText).split(',')[0] ?? '',
      goodAt: s(d.expertise), avatar: s(d.avatar),
    })),
    announcements: announcements.map((a) => ({ id: s(a.id), title: s(a.title) })),
  };
}

export function useLiveData(): LiveData {
  const [live, setLive] = useState<LiveData>(EMPTY_LIVE);
  useEffect(() => {
    let alive = true;
    void loadLive().then((l) => alive && setLive(l));
    return () => {
      alive = false;
    };
  }, []);
  return live;
}
