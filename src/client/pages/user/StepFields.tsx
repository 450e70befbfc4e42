/**
 * The steps 注册 and 找回密码 share: a phone verified by an SMS code, and a new password typed
 * twice under the spec's rule. Field names are fixed (phone, smscode, password, confirm).
 */
import type { FormInstance } from 'antd';
import { Form } from 'antd';
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { SmsCodeField, phoneRules, type SmsMode } from '../login/SmsCodeField';
import { confirmRules, passwordRules } from './passwordRules';

export function PhoneCodeFields({ form, smsmode }: { form: FormInstance; smsmode: SmsMode }) {
  return (
    <>
      <Form.Item name="phone" rules={phoneRules}>
        <Input placeholder="请输入手机号码" maxLength={11} />
      </Form.Item>
      <SmsCodeField form={form} phoneField="phone" smsmode={smsmode} name="smscode" />
    </>
  );
}

export function PasswordPairFields({ placeholder, confirmPlaceholder }: { placeholder: string; confirmPlaceholder: string }) {
  return (
    <>
      <Form.Item name="password" rules={passwordRules}>
        <Password placeholder={placeholder} />
      </Form.Item>
      <Form.Item name="confirm" dependencies={['password']} rules={confirmRules('password')}>
        <Password placeholder={confirmPlaceholder} />
      </Form.Item>
    </>
  );
}
