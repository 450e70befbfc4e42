/**
 * Login: 账号密码登录 and 手机号登录 (SMS code) tabs; with CAS configured (global config
 * `casServerUrl`) the page goes to CAS and, back with a ticket, validates it (CasLogin).
 * antd Form only (no pro-components, no Formily, no antd Tabs, to keep the route small).
 * Success: notification 欢迎 / `<greeting>，欢迎回来`, then to the redirect query or home.
 */
import { lazy, Suspense, useState } from 'react';
import { Button, Form } from 'antd';
// The base Input and Password only: `antd`'s Input also drags in TextArea, Search and OTP.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useAtomValue } from 'jotai';
// feedback's antd statics load on the first keystroke / click (api/feedback.ts).
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { appStore, globalConfigAtom } from '../../state/atoms';
import { login } from '../../state/session';
import { useAfterLogin, showLoginError } from './afterLogin';

const PhoneLoginForm = lazy(() => import('./PhoneLoginForm'));
const CasLogin = lazy(() => import('./CasLogin'));

interface LoginValues {
  username: string;
  password: string;
}

type Mode = 'account' | 'phone';
const TABS: Array<{ key: Mode; title: string }> = [
  { key: 'account', title: '账号密码登录' },
  { key: 'phone', title: '手机号登录' },
];

function LoginTabs({ mode, onChange }: { mode: Mode; onChange: (m: Mode) => void }) {
  return (
    <div role="tablist" style={{ display: 'flex', justifyContent: 'center', gap: 32, marginBottom: 24, borderBottom: '1px solid #e8e8e8' }}>
      {TABS.map((t) => (
        <button
          key={t.key}
          type="button"
          role="tab"
          aria-selected={mode === t.key}
          onClick={() => onChange(t.key)}
          style={{
            background: 'none',
            border: 'none',
            borderBottom: `2px solid ${mode === t.key ? '#1890ff' : 'transparent'}`,
            color: mode === t.key ? '#1890ff' : 'rgba(0,0,0,.65)',
            fontSize: 16,
            padding: '8px 4px',
            cursor: 'pointer',
            fontFamily: 'inherit',
          }}
        >
          {t.title}
        </button>
      ))}
    </div>
  );
}

function AccountLoginForm() {
  const [loading, setLoading] = useState(false);
  const done = useAfterLogin();
  async function onFinish(values: LoginValues) {
    setLoading(true);
    try {
      const res = await login(values.username.trim(), values.password);
      if (!res.isJump) done();
    } catch (e) {
      showLoginError(e);
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

export default function Login() {
  const cfg = useAtomValue(globalConfigAtom, { store: appStore });
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const mode: Mode = search.get('tab') === 'phone' ? 'phone' : 'account';
  const setMode = (m: Mode) => {
    const next = new URLSearchParams(search);
    if (m === 'phone') next.set('tab', 'phone');
    else next.delete('tab');
    navigate({ search: next.toString() ? `?${next.toString()}` : '' }, { replace: true });
  };
  if (cfg?.casServerUrl) {
    return (
      <Suspense fallback={null}>
        <CasLogin casServerUrl={cfg.casServerUrl} />
      </Suspense>
    );
  }
  return (
    <div>
      <LoginTabs mode={mode} onChange={setMode} />
      {mode === 'account' ? (
        <AccountLoginForm />
      ) : (
        <Suspense fallback={null}>
          <PhoneLoginForm />
        </Suspense>
      )}
      <div style={{ display: 'flex', justifyContent: 'space-between' }}>
        <Link to="/user/alteration">忘记密码</Link>
        <Link to="/user/register">注册账户</Link>
      </div>
    </div>
  );
}
