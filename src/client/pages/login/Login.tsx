/**
 * Login: antd Form only (no pro-components, no Formily, to keep the route small).
 * Success: notification 欢迎 / `<greeting>，欢迎回来`, then to the redirect query or home.
 */
import { useState } from 'react';
import { Button, Form } from 'antd';
// The base Input and Password only: `antd`'s Input also drags in TextArea, Search and OTP.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
// feedback's antd statics load on the first keystroke / click (api/feedback.ts).
import { feedback } from '../../api/feedback';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { RequestError } from '../../api/request';
import { login } from '../../state/session';
import { timeFix } from '../../state/greeting';
import { HOME_PATH } from '../../app/paths';

interface LoginValues {
  username: string;
  password: string;
}

export default function Login() {
  const [loading, setLoading] = useState(false);
  const navigate = useNavigate();
  const [search] = useSearchParams();

  async function onFinish(values: LoginValues) {
    setLoading(true);
    try {
      const res = await login(values.username.trim(), values.password);
      if (res.isJump) return;
      feedback.notification.success({ message: '欢迎', description: `${timeFix()}，欢迎回来` });
      const redirect = search.get('redirect');
      navigate(redirect && redirect.startsWith('/') && !redirect.startsWith('/user/login') ? redirect : HOME_PATH, {
        replace: true,
      });
    } catch (e) {
      if (!(e instanceof RequestError && e.notified)) {
        feedback.message.error((e as Error)?.message || '登录失败');
      }
    } finally {
      setLoading(false);
    }
  }

  return (
    <Form<LoginValues> name="login" size="large" onFinish={onFinish} autoComplete="off" data-testid="login-form">
      <Form.Item name="username" rules={[{ required: true, message: '请输入用户名' }]}>
        <Input prefix={<UserOutlined style={{ color: 'rgba(0,0,0,.25)' }} />} placeholder="请输入用户名" autoFocus />
      </Form.Item>
      <Form.Item name="password" rules={[{ required: true, message: '请输入密码' }]}>
        <Password prefix={<LockOutlined style={{ color: 'rgba(0,0,0,.25)' }} />} placeholder="请输入密码" />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" block loading={loading}>
          登录
        </Button>
      </Form.Item>
    </Form>
  );
}
