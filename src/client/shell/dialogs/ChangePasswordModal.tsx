/**
 * 修改密码: 旧密码 / 新密码 / 确认新密码 with the
 * messages of messages.md; the new password uses the core password rule (same check as the
 * server). Submit: PUT sys/user/updatePassword {username, oldpassword, password,
 * confirmpassword}, each value encrypted with the core cipher (the request layer then
 * encrypts the body as usual). Success: message.success(server message or 修改成功) and close;
 * failure: message.warning(server message), the form stays.
 * `forced` (ForcedPasswordWatcher) hides every way to close it but a successful change.
 */
import { FORM_LABEL_LAYOUT } from '../../../core/projections/form-layout';
import { useEffect, useState } from 'react';
import { Form, Input, Modal } from 'antd';
import type { Rule } from 'antd/es/form';
import { useAtomValue } from 'jotai';
import { encryptTextWeb } from '../../../core/protocol/cipher-web';
import { MESSAGES, PASSWORD_PATTERN } from '../../../core/validators/index';
import { feedback, http, protocolConfig } from '../../api/index';
import { appStore, userInfoAtom } from '../../state/atoms';
import { clearPasswordPopup } from './state';

export const PASSWORD_TEXTS = {
  title: '修改密码',
  oldRequired: '请输入旧密码!',
  newRequired: '请输入新密码!',
  newRule: MESSAGES.password,
  confirmRequired: '请确认新密码!',
  mismatch: '两次输入的密码不一样！',
  noUser: '系统中没有已登录的用户!',
  success: '修改成功',
} as const;

export const UPDATE_PASSWORD_PATH = 'sys/user/updatePassword';

export interface PasswordValues {
  oldpassword: string;
  password: string;
  confirmpassword: string;
}

/** The request body: every value encrypted with the core cipher. */
export async function passwordPayload(username: string, v: PasswordValues, cfg = protocolConfig): Promise<Record<string, string>> {
  const enc = (s: string) => encryptTextWeb(s, cfg);
  const [u, o, p, c] = await Promise.all([enc(username), enc(v.oldpassword), enc(v.password), enc(v.confirmpassword)]);
  return { username: u, oldpassword: o, password: p, confirmpassword: c };
}

export const newPasswordRules: Rule[] = [
  { required: true, message: PASSWORD_TEXTS.newRequired },
  {
    validator: (_r, value: unknown) =>
      !value || PASSWORD_PATTERN.test(String(value)) ? Promise.resolve() : Promise.reject(new Error(PASSWORD_TEXTS.newRule)),
  },
];

export interface ChangePasswordModalProps {
  open: boolean;
  onClose: () => void;
  /** Forced change: no close button, no mask / Esc close, no cancel. */
  forced?: boolean;
}

export function ChangePasswordModal({ open, onClose, forced = false }: ChangePasswordModalProps) {
  const [form] = Form.useForm<PasswordValues>();
  const user = useAtomValue(userInfoAtom, { store: appStore });
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  async function submit() {
    let values: PasswordValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const username = user?.username;
    if (!username) {
      feedback.message.warning(PASSWORD_TEXTS.noUser);
      return;
    }
    setSaving(true);
    try {
      const env = await http.put(UPDATE_PASSWORD_PATH, await passwordPayload(String(username), values));
      if (env.success) {
        feedback.message.success(env.message || PASSWORD_TEXTS.success);
        clearPasswordPopup();
        form.resetFields();
        onClose();
      } else {
        feedback.message.warning(env.message || '修改失败');
      }
    } catch {
      /* HTTP failures were shown by the request layer; keep the form */
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      title={PASSWORD_TEXTS.title}
      open={open}
      width={800}
      onOk={() => void submit()}
      onCancel={forced ? undefined : onClose}
      confirmLoading={saving}
      okText="确定"
      cancelText="关闭"
      closable={!forced}
      maskClosable={!forced}
      keyboard={!forced}
      cancelButtonProps={forced ? { style: { display: 'none' } } : undefined}
    >
      <Form form={form} {...FORM_LABEL_LAYOUT} data-testid="change-password-form" autoComplete="off">
        <Form.Item label="旧密码" name="oldpassword" rules={[{ required: true, message: PASSWORD_TEXTS.oldRequired }]}>
          <Input.Password placeholder="请输入旧密码" autoComplete="current-password" />
        </Form.Item>
        <Form.Item label="新密码" name="password" rules={newPasswordRules}>
          <Input.Password placeholder="请输入新密码" autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="确认新密码"
          name="confirmpassword"
          dependencies={['password']}
          rules={[
            { required: true, message: PASSWORD_TEXTS.confirmRequired },
            ({ getFieldValue }) => ({
              validator: (_r, value: unknown) =>
                !value || value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(PASSWORD_TEXTS.mismatch)),
            }),
          ]}
        >
          <Input.Password placeholder="请确认新密码" autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default ChangePasswordModal;
