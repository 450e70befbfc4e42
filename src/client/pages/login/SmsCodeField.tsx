/**
 * The SMS code input with its 获取验证码 button (phone login, registration, password recovery):
 * the button checks the form's phone field, asks POST /sys/sms {mobile, smsmode} and counts
 * down 60 s before it may ask again; the server's answer is shown as it is.
 */
import { useEffect, useState } from 'react';
import { Button, Form, type FormInstance } from 'antd';
import Input from 'antd/es/input/Input';
import { MailOutlined } from '@ant-design/icons';
import { http } from '../../api/index';
import { feedback } from '../../api/feedback';
import { PHONE_PATTERN } from '../../../core/validators/formats';

export const RESEND_SECONDS = 60;
/** smsmode of /sys/sms. */
export type SmsMode = '0' | '1' | '2';

export const phoneRules = [
  { required: true, message: '请输入手机号码!' },
  { pattern: PHONE_PATTERN, message: '手机号码格式不正确!' },
];

export function SmsCodeField({ form, phoneField, smsmode, name = 'captcha' }: { form: FormInstance; phoneField: string; smsmode: SmsMode; name?: string }) {
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);
  useEffect(() => {
    if (left <= 0) return;
    const t = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(t);
  }, [left]);

  async function send() {
    try {
      await form.validateFields([phoneField]);
    } catch {
      return;
    }
    setSending(true);
    try {
      const env = await http.post('/sys/sms', { mobile: String(form.getFieldValue(phoneField)).trim(), smsmode });
      if (env.success) {
        feedback.message.success(env.message || '验证码已发送');
        setLeft(RESEND_SECONDS);
      } else {
        feedback.message.warning(env.message || '验证码发送失败');
      }
    } catch (e) {
      feedback.message.error((e as Error).message || '验证码发送失败');
    } finally {
      setSending(false);
    }
  }

  return (
    <div style={{ display: 'flex', gap: 8 }}>
      <Form.Item name={name} rules={[{ required: true, message: '请输入验证码' }]} style={{ flex: 1 }}>
        <Input prefix={<MailOutlined style={{ color: 'rgba(0,0,0,.25)' }} />} placeholder="请输入验证码" maxLength={6} autoComplete="one-time-code" />
      </Form.Item>
      <Button onClick={send} disabled={left > 0} loading={sending} style={{ width: 120 }}>
        {left > 0 ? `${left} 秒后重发` : '获取验证码'}
      </Button>
    </div>
  );
}
