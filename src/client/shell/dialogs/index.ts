/**
 * Header dialogs. The layout mounts:
 *   <OrgSwitch />                          label + 切换 (super-tenant users only; opens OrgPicker)
 *   <ChangePasswordModal open onClose />   修改密码
 *   <DepartPicker open onClose />          部门切换
 *   <ForcedPasswordWatcher />              once, inside the shell: opens 修改密码 (not closable)
 *                                          while passwordPopupAtom is 1, or — atom unset — userInfo.isPopup is 1
 *   <AnnouncementModal open announcement onClose />
 */
export { AnnouncementModal, sanitizeAnnouncementHtml, showHandleButton, type AnnouncementModalProps } from './AnnouncementModal';
export { ChangePasswordModal, PASSWORD_TEXTS, passwordPayload, newPasswordRules, UPDATE_PASSWORD_PATH, type ChangePasswordModalProps } from './ChangePasswordModal';
export { OrgPicker, orgListParams, orgPickerHooks, ORG_LIST_PATH, ORG_PAGE_SIZE, type OrgRecord, type OrgPickerProps } from './OrgPicker';
export { OrgSwitch, isSuperTenantUser } from './OrgSwitch';
export { DepartPicker, DEPART_TEXTS, type Depart, type DepartPickerProps } from './DepartPicker';
export { ForcedPasswordWatcher } from './ForcedPasswordWatcher';
export { passwordPopupAtom, requirePasswordChange, clearPasswordPopup, isPopupOn } from './state';
