/**
 * 找回密码 (alteration): 1 验证手机 (phone + SMS code, smsmode 2; POST /sys/user/phoneVerification
 * names the account), 2 设置新密码 (the spec's rule, confirmed; POST /sys/user/passwordChange),
 * 3 完成 -> 登录.
 */
import { useState } from 'react';
import { Button, Form, Result, Steps } from 'antd';
import { Link, useNavigate } from 'react-router';
import { http } from '../../api/index';
import { feedback } from '../../api/feedback';
import { PasswordPairFields, PhoneCodeFields } from './StepFields';

interface Values {
  phone: string;
  smscode: string;
  password: string;
  confirm: string;
}

export default function Alteration() {
  const [form] = Form.useForm<Values>();
  const [step, setStep] = useState(0);
  const [username, setUsername] = useState('');
  const [loading, setLoading] = useState(false);
  const navigate = useNavigate();

  async function post<T>(path: string, body: Record<string, unknown>): Promise<T | undefined> {
    setLoading(true);
    try {
      const env = await http.post<T>(path, body);
      if (env.success) return (env.result ?? null) as T;
      feedback.message.warning(env.message || '操作失败');
    } catch (e) {
      feedback.message.error((e as Error).message || '操作失败');
    } finally {
      setLoading(false);
    }
    return undefined;
  }

  async function verify() {
    try {
      await form.validateFields(['phone', 'smscode']);
    } catch {
      return;
    }
    const v = form.getFieldsValue(true) as Values;
    const r = await post<{ username: string }>('/sys/user/phoneVerification', { phone: v.phone.trim(), smscode: v.smscode.trim() });
    if (r) {
      setUsername(r.username);
      setStep(1);
    }
  }

  async function change() {
    try {
      await form.validateFields(['password', 'confirm']);
    } catch {
      return;
    }
    const v = form.getFieldsValue(true) as Values;
    const r = await post('/sys/user/passwordChange', { username, password: v.password, phone: v.phone.trim(), smscode: v.smscode.trim() });
    if (r !== undefined) setStep(2);
  }

  return (
    <div data-testid="alteration-page">
      <h2 style={{ textAlign: 'center', marginBottom: 16, fontSize: 20 }}>找回密码</h2>
      <Steps current={step} size="small" items={[{ title: '验证手机' }, { title: '设置新密码' }, { title: '完成' }]} style={{ marginBottom: 24 }} />
      <Form<Values> form={form} size="large" autoComplete="off" preserve>
        <div style={{ display: step === 0 ? 'block' : 'none' }}>
          <PhoneCodeFields form={form} smsmode="2" />
          <Button type="primary" block onClick={verify} loading={loading}>
            下一步
          </Button>
        </div>
        <div style={{ display: step === 1 ? 'block' : 'none' }}>
          <p>
            账号：<b data-testid="alteration-username">{username}</b>
          </p>
          <PasswordPairFields placeholder="新密码：至少10位，包含字母、数字和特殊符号" confirmPlaceholder="确认新密码" />
          <Button type="primary" block onClick={change} loading={loading}>
            提交
          </Button>
        </div>
      </Form>
      {step === 2 ? (
        <Result
          status="success"
          title="密码重置成功"
          subTitle={`账号 ${username} 的密码已修改，请使用新密码登录。`}
          extra={
            <Button type="primary" onClick={() => navigate('/user/login', { replace: true })}>
              去登录
            </Button>
          }
        />
      ) : null}
      <div style={{ marginTop: 16, textAlign: 'right' }}>
        <Link to="/user/login">返回登录</Link>
      </div>
    </div>
  );
}
