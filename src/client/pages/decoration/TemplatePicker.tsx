/**
 * 选择模板: blank or a shipped template (thumbnail = the template drawn by the real renderers,
 * scaled down), the page's name and client; 开始装修 creates the draft and opens the editor.
 */
import { useState } from 'react';
import { Button, Card, Form, Input, Radio, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { TEMPLATES } from '../../../core/decoration/templates';
import { feedback } from '../../api';
import { createDecoration, editorPathOf } from './api';
import { EMPTY_LIVE } from './live';
import { PhonePage } from './PhonePage';

const CLIENTS = [{ value: '1', label: '患者端小程序' }, { value: '2', label: '公众号H5' }, { value: '3', label: 'APP' }];
const SCALE = 0.4;

export function Thumbnail({ page }: { page: (typeof TEMPLATES)[number]['page'] }) {
  return (
    <div style={{ width: 375 * SCALE, height: 600 * SCALE, overflow: 'hidden', border: '1px solid #f0f0f0', margin: '0 auto', pointerEvents: 'none' }} aria-hidden>
      <div style={{ transform: `scale(${SCALE})`, transformOrigin: 'top left' }}>
        <PhonePage page={page} live={EMPTY_LIVE} />
      </div>
    </div>
  );
}

export function TemplatePicker() {
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<string>('blank');
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ name: string; client: string }>();
  const start = async () => {
    const v = await form.validateFields();
    const t = TEMPLATES.find((x) => x.key === chosen)!;
    setBusy(true);
    try {
      const r = await createDecoration({ name: v.name, client: v.client, template: t.key, page: t.page });
      if (!r.success) return void feedback.message.error(r.message);
      navigate(editorPathOf(String(r.result)), { replace: true });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div style={{ padding: 24 }}>
      <Typography.Title level={4}>选择模板</Typography.Title>
      <div role="radiogroup" aria-label="模板" style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
        {TEMPLATES.map((t) => (
          <Card
            key={t.key}
            hoverable
            role="radio"
            aria-checked={chosen === t.key}
            aria-label={t.title}
            tabIndex={0}
            onClick={() => setChosen(t.key)}
            onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && setChosen(t.key)}
            style={{ width: 190, borderColor: chosen === t.key ? '#1677ff' : undefined, borderWidth: chosen === t.key ? 2 : 1 }}
            cover={<Thumbnail page={t.page} />}
          >
            <Card.Meta title={t.title} description={t.description} />
          </Card>
        ))}
      </div>
      <Form form={form} layout="inline" initialValues={{ client: '1' }} style={{ marginTop: 24 }}>
        <Form.Item name="name" label="页面名称" rules={[{ required: true, message: '请输入页面名称' }, { max: 50, message: '页面名称最多 50 个字' }]}>
          <Input placeholder="请输入页面名称" style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="client" label="适用端" rules={[{ required: true, message: '请选择适用端' }]}>
          <Radio.Group options={CLIENTS} optionType="button" />
        </Form.Item>
        <Form.Item>
          <Button type="primary" loading={busy} onClick={() => void start()}>开始装修</Button>
        </Form.Item>
      </Form>
    </div>
  );
}
