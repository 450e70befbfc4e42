/**
 * Login: 账号密码登录 and 手机号登录 (SMS code) tabs; with CAS configured (global config
 * `casServerUrl`) the page goes to CAS and, back with a ticket, validates it (CasLogin).
 * antd Input and Button only (no antd Form, pro-components, Formily or antd Tabs, to keep the
 * route small; the SMS tab, with its antd Form, is a lazy chunk).
 * Success: notification 欢迎 / `<greeting>，欢迎回来`, then to the redirect query or home.
 */
import { lazy, Suspense, useState, type ChangeEvent, type FormEvent } from 'react';
import { Button } from 'antd';
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

/** A field of the account form: the input, and under it the message of a failed required check. */
function FieldError({ id, message }: { id: string; message?: string }) {
  return (
    <div style={{ minHeight: 24, lineHeight: '24px', fontSize: 14 }}>
      {message ? (
        <div id={id} role="alert" className="ant-form-item-explain-error" style={{ color: '#ff4d4f' }}>
          {message}
        </div>
      ) : null}
    </div>
  );
}

/** The required checks of the account form: a field left empty (spaces count as empty) gets its message. */
const REQUIRED: Record<keyof LoginValues, string> = { username: '请输入用户名', password: '请输入密码' };
function checkLogin(v: LoginValues): Partial<Record<keyof LoginValues, string>> {
  const errors: Partial<Record<keyof LoginValues, string>> = {};
  for (const k of Object.keys(REQUIRED) as Array<keyof LoginValues>) if (!v[k].trim()) errors[k] = REQUIRED[k];
  return errors;
}

/**
 * 账号密码登录 as a plain form (no antd Form: its field store, validator and label tooltip
 * would be most of the login route's JavaScript for two required fields). A field is checked
 * on submit and, once it showed a message, again on every change.
 */
function AccountLoginForm() {
  const [loading, setLoading] = useState(false);
  const [values, setValues] = useState<LoginValues>({ username: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof LoginValues, string>>>({});
  const done = useAfterLogin();
  const change = (k: keyof LoginValues) => (e: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [k]: e.target.value };
    setValues(next);
    if (errors[k]) setErrors((old) => ({ ...old, [k]: checkLogin(next)[k] }));
  };
  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const found = checkLogin(values);
    setErrors(found);
    if (Object.keys(found).length) return;
    setLoading(true);
    try {
      const res = await login(values.username.trim(), values.password);
      if (!res.isJump) done();
    } catch (err) {
      showLoginError(err);
    } finally {
      setLoading(false);
    }
  }
  /** Value, change handler and the error state an input shows (its message below it, by id). */
  const fieldProps = (k: keyof LoginValues) => ({
    value: values[k],
    onChange: change(k),
    status: errors[k] ? ('error' as const) : undefined,
    'aria-invalid': !!errors[k],
    'aria-describedby': errors[k] ? `login_${k}_help` : undefined,
  });
  return (
    <form name="login" onSubmit={(e) => void onSubmit(e)} autoComplete="off" noValidate data-testid="login-form">
      <Input
        id="login_username"
        size="large"
        {...fieldProps('username')}
        prefix={<UserOutlined style={{ color: 'rgba(0,0,0,.25)' }} />}
        placeholder="请输入用户名"
        autoFocus
      />
      <FieldError id="login_username_help" message={errors.username} />
      <Password
        id="login_password"
        size="large"
        {...fieldProps('password')}
        prefix={<LockOutlined style={{ color: 'rgba(0,0,0,.25)' }} />}
        placeholder="请输入密码"
      />
      <FieldError id="login_password_help" message={errors.password} />
      <Button type="primary" htmlType="submit" size="large" block loading={loading} style={{ marginBottom: 24 }}>
        登录
      </Button>
    </form>
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
