/**
 * Dialog state other code may set.
 *
 * `passwordPopupAtom`: the forced password-change flag ("Forced password-change popup
 * opens when a store flag isPopup becomes 1"). `ForcedPasswordWatcher` opens the change-password
 * modal (not closable) when this atom is 1, or — while the atom is null — when the stored user
 * info has `isPopup` 1 (e.g. a login result that demands a change). Set it with
 * `appStore.set(passwordPopupAtom, 1)` or `requirePasswordChange()`. A successful change sets it
 * to 0 and writes `isPopup: 0` into the stored user info.
 */
import { atom } from 'jotai';
import { appStore, userInfoAtom } from '../../state/atoms';
import { KEYS, ls, SESSION_TTL_MS } from '../../state/storage';

export const passwordPopupAtom = atom<number | string | null>(null);

export function requirePasswordChange(): void {
  appStore.set(passwordPopupAtom, 1);
}

export function isPopupOn(flag: unknown, userIsPopup: unknown): boolean {
  const v = flag !== null && flag !== undefined ? flag : userIsPopup;
  return String(v ?? '') === '1';
}

/** After a successful change: the flag and the stored user info go back to 0. */
export function clearPasswordPopup(): void {
  appStore.set(passwordPopupAtom, 0);
  const user = appStore.get(userInfoAtom);
  if (user && String(user.isPopup ?? '') === '1') {
    const next = { ...user, isPopup: 0 };
    appStore.set(userInfoAtom, next);
    if (ls.get(KEYS.userInfo)) ls.set(KEYS.userInfo, next, SESSION_TTL_MS);
  }
}
