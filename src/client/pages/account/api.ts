/** Calls of 个人中心 / 个人设置 (src/server/account/profile.ts) and the user-atom update after a change. */
import { http } from '../../api/index';
import { appStore, userInfoAtom } from '../../state/atoms';
import { KEYS, ls, SESSION_TTL_MS } from '../../state/storage';
import type { UserInfo } from '../../state/types';

export interface Profile {
  userInfo: UserInfo & { phone?: string | null; email?: string | null };
  roles: string[];
  departs: string[];
  tenantName: string;
}

export interface SessionRow {
  id: string;
  createdAt: number;
  expiresAt: number;
  ip: string;
  userAgent: string;
  current: boolean;
}

function result<T>(e: { success: boolean; message: string; result: T }): T {
  if (!e.success) throw new Error(e.message);
  return e.result;
}

export const fetchProfile = () => http.get<Profile>('/sys/user/profile').then(result);
export const fetchSessions = () => http.get<SessionRow[]>('/sys/user/sessions').then(result);
export const revokeSession = (id: string) => http.post<null>('/sys/user/sessions/revoke', { id });

/** PUT /sys/user/changeUserInfo; on success the header's user (atom + storage) shows the change. */
export async function changeUserInfo(patch: Record<string, string>): Promise<{ success: boolean; message: string }> {
  const env = await http.put<{ userInfo: UserInfo }>('/sys/user/changeUserInfo', patch);
  if (env.success && env.result?.userInfo) {
    const next = { ...(appStore.get(userInfoAtom) ?? {}), ...env.result.userInfo };
    ls.set(KEYS.userInfo, next, SESSION_TTL_MS);
    appStore.set(userInfoAtom, next);
  }
  return { success: env.success, message: env.message };
}

/** POST /sys/common/upload (biz avatar) -> the stored path. */
export async function uploadAvatar(file: File): Promise<string> {
  const fd = new FormData();
  fd.append('file', file, file.name);
  fd.append('biz', 'avatar');
  return result(await http.upload<string>('/sys/common/upload', fd));
}

export const TAGS_KEY = 'account:tags';
export const fetchTags = () => http.get<unknown>('/sys/userSetting/get', { key: TAGS_KEY }).then((e) => (Array.isArray(e.result) ? (e.result as string[]) : []));
export const saveTags = (tags: string[]) => http.post('/sys/userSetting/save', { key: TAGS_KEY, value: tags });
