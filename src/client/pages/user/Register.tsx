/**
 * 注册 in four steps: 1 验证手机 (phone + SMS code, smsmode 1), 2 设置账号 (username),
 * 3 设置密码 (the spec's rule, confirmed), 4 确认信息 -> POST /sys/user/register
 * {username, password, phone, smscode}, then 注册结果 (/user/register-result).
 */
import { useState } from 'react';
import { Button, Descriptions, Form, Steps } from 'antd';
import Input from 'antd/es/input/Input';
import { Link, useNavigate } from 'react-router';
import { http } from '../../api/index';
import { feedback } from '../../api/feedback';
import { PasswordPairFields, PhoneCodeFields } from './StepFields';

interface Values {
  phone: string;
  smscode: string;
  username: string;
  password: string;
  confirm: string;
}

const STEPS = ['验证手机', '设置账号', '设置密码', '确认信息'];
const FIELDS: Array<Array<keyof Values>> = [['phone', 'smscode'], ['username'], ['password', 'confirm'], []];

export default function Register() {
  const [form] = Form.useForm<Values>();
  const [step, setStep] = useState(0);
  const [loading, setLoading] = useState(false);
  const navigate = useNavigate();

  async function next() {
    try {
      await form.validateFields(FIELDS[step]);
    } catch {
      return;
    }
    setStep(step + 1);
  }

  async function submit() {
    const v = form.getFieldsValue(true) as Values;
    setLoading(true);
    try {
      const env = await http.post('/sys/user/register', { username: v.username.trim(), password: v.password, phone: v.phone.trim(), smscode: v.smscode.trim() });
      if (env.success) {
        navigate(`/user/register-result?${new URLSearchParams({ username: v.username.trim() }).toString()}`, { replace: true });
      } else {
        feedback.message.warning(env.message || '注册失败');
      }
    } catch (e) {
      feedback.message.error((e as Error).message || '注册失败');
    } finally {
      setLoading(false);
    }
  }

  const v = form.getFieldsValue(true) as Partial<Values>;
  return (
    <div data-testid="register-page">
      <h2 style={{ textAlign: 'center', marginBottom: 16, fontSize: 20 }}>注册</h2>
      <Steps current={step} size="small" items={STEPS.map((title) => ({ title }))} style={{ marginBottom: 24 }} />
      <Form<Values> form={form} size="large" autoComplete="off" preserve>
        <div style={{ display: step === 0 ? 'block' : 'none' }}>
          <PhoneCodeFields form={form} smsmode="1" />
        </div>
        <div style={{ display: step === 1 ? 'block' : 'none' }}>
          <Form.Item
            name="username"
            rules={[
              { required: true, message: '请输入用户名' },
              { pattern: /^[A-Za-z][A-Za-z0-9_]{3,31}$/, message: '用户名：4-32位字母、数字或下划线，以字母开头' },
            ]}
          >
            <Input placeholder="设置用户名：4-32位字母、数字或下划线" maxLength={32} />
          </Form.Item>
        </div>
        <div style={{ display: step === 2 ? 'block' : 'none' }}>
          <PasswordPairFields placeholder="至少10位，包含字母、数字和特殊符号" confirmPlaceholder="确认密码" />
        </div>
        {step === 3 ? (
          <Descriptions column={1} bordered size="small" style={{ marginBottom: 24 }}>
            <Descriptions.Item label="手机号">{v.phone}</Descriptions.Item>
            <Descriptions.Item label="用户名">{v.username}</Descriptions.Item>
          </Descriptions>
        ) : null}
        <div style={{ display: 'flex', gap: 8 }}>
          {step > 0 ? <Button onClick={() => setStep(step - 1)}>上一步</Button> : null}
          {step < 3 ? (
            <Button type="primary" onClick={next} style={{ flex: 1 }}>
              下一步
            </Button>
          ) : (
            <Button type="primary" onClick={submit} loading={loading} style={{ flex: 1 }}>
              注册
            </Button>
          )}
        </div>
        <div style={{ marginTop: 16, textAlign: 'right' }}>
          <Link to="/user/login">使用已有账户登录</Link>
        </div>
      </Form>
    </div>
  );
}
