/** 手机号登录: phone + SMS code (POST /sys/sms smsmode 0, then POST /sys/phoneLogin {mobile, captcha}). */
import { useState } from 'react';
import { Button, Form } from 'antd';
import Input from 'antd/es/input/Input';
import { MobileOutlined } from '@ant-design/icons';
import { phoneLogin } from '../../state/session';
import { SmsCodeField, phoneRules } from './SmsCodeField';
import { showLoginError, useAfterLogin } from './afterLogin';

interface PhoneValues {
  mobile: string;
  captcha: string;
}

export default function PhoneLoginForm() {
  const [form] = Form.useForm<PhoneValues>();
  const [loading, setLoading] = useState(false);
  const done = useAfterLogin();
  async function onFinish(v: PhoneValues) {
    setLoading(true);
    try {
      const res = await phoneLogin(v.mobile.trim(), v.captcha.trim());
      if (!res.isJump) done();
    } catch (e) {
      showLoginError(e);
    } finally {
      setLoading(false);
    }
  }
  return (
    <Form<PhoneValues> form={form} name="phoneLogin" size="large" onFinish={onFinish} autoComplete="off" data-testid="phone-login-form">
      <Form.Item name="mobile" rules={phoneRules}>
        <Input prefix={<MobileOutlined style={{ color: 'rgba(0,0,0,.25)' }} />} placeholder="请输入手机号码" maxLength={11} autoFocus />
      </Form.Item>
      <SmsCodeField form={form} phoneField="mobile" smsmode="0" />
      <Form.Item>
        <Button type="primary" htmlType="submit" block loading={loading}>
          登录
        </Button>
      </Form.Item>
    </Form>
  );
}
