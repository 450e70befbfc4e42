/** Opens the change-password modal, not closable, while the isPopup flag is 1 (see ./state.ts). */
import { useAtomValue } from 'jotai';
import { appStore, userInfoAtom } from '../../state/atoms';
import { ChangePasswordModal } from './ChangePasswordModal';
import { isPopupOn, passwordPopupAtom } from './state';

export function ForcedPasswordWatcher() {
  const flag = useAtomValue(passwordPopupAtom, { store: appStore });
  const user = useAtomValue(userInfoAtom, { store: appStore });
  const open = !!user && isPopupOn(flag, user.isPopup);
  return <ChangePasswordModal open={open} forced onClose={() => undefined} />;
}

export default ForcedPasswordWatcher;
