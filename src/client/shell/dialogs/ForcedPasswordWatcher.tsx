/** Opens the change-password modal, not closable, while the isPopup flag is 1 (see ./state.ts). */
import { useAtomValue } from 'jotai';
import { appStore, userInfoAtom } from '../../state/atoms';
import { untilOpened } from '../untilOpened';
import { isPopupOn, passwordPopupAtom } from './state';

/** The modal (a form, the password rules, the cipher) loads only for a user who must change it. */
const ChangePasswordModal = untilOpened(() => import('./ChangePasswordModal').then((m) => m.ChangePasswordModal));

export function ForcedPasswordWatcher() {
  const flag = useAtomValue(passwordPopupAtom, { store: appStore });
  const user = useAtomValue(userInfoAtom, { store: appStore });
  const open = !!user && isPopupOn(flag, user.isPopup);
  return <ChangePasswordModal open={open} forced onClose={() => undefined} />;
}

export default ForcedPasswordWatcher;
