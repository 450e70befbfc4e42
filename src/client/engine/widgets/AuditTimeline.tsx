/**
 * AuditTimeline: the record's audit trail — created, last updated and, for resources with
 * `states`, the current state (from the row) — then its versions from the data log
 * (GET /sys/dataLog/history): who, when, which operation, which version, and a side-by-side
 * comparison of two chosen versions (core diffVersions: 字段名 plus one column per version,
 * changed rows marked). Shown under every module's detail view (lazy), and usable as a custom
 * action widget. A caller who may not read the log sees the trail only.
 */
import { useEffect, useMemo, useState } from 'react';
import { Button, Checkbox, Empty, Space, Spin, Switch, Table, Timeline, Typography } from 'antd';
import { formatDate } from '../projections';
import { http } from '../../api';
import { diffVersions } from '../../../core/projections/diff';
import type { CustomWidgetProps } from '../registry';

interface Version { id: string; version: number | null; op: string; username: string | null; createTime: string; content: Record<string, unknown> | null; before: Record<string, unknown> | null }

const OPS: Record<string, string> = { add: '新增', edit: '编辑', delete: '删除', import: '导入' };
const label = (v: Version) => `第${v.version ?? '?'}版`;
const str = (v: unknown) => (v === undefined || v === null || v === '' ? '' : String(v));

/** Created / updated / current state, from the row itself. */
function trail(schema: CustomWidgetProps['schema'], row: Record<string, unknown>): Array<{ color: string; children: string }> {
  const items: Array<{ color: string; children: string }> = [];
  if (row.createTime) items.push({ color: 'green', children: `${formatDate(row.createTime, 'YYYY-MM-DD HH:mm:ss')} ${str(row.createBy)} 创建` });
  if (row.updateTime) items.push({ color: 'blue', children: `${formatDate(row.updateTime, 'YYYY-MM-DD HH:mm:ss')} ${str(row.updateBy)} 更新` });
  const stateField = schema.states?.field;
  if (stateField) {
    const text = str(row[`${stateField}_dictText`]) || str(row[stateField]);
    if (text) items.push({ color: 'gray', children: `当前状态：${text}` });
  }
  return items;
}

export default function AuditTimeline({ schema, row }: Pick<CustomWidgetProps, 'schema' | 'row'>) {
  const id = row?.id ? String(row.id) : '';
  const [versions, setVersions] = useState<Version[] | null>(null);
  const [error, setError] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const [onlyChanged, setOnlyChanged] = useState(true);
  const [compare, setCompare] = useState<[Version, Version] | null>(null);

  useEffect(() => {
    if (!id) return undefined;
    const ctl = new AbortController();
    http.get<Version[]>('/sys/dataLog/history', { resource: schema.name, id }, { signal: ctl.signal, silent: true }).then(
      (env) => (env.success && Array.isArray(env.result) ? setVersions(env.result) : setError(env.message || '无法读取数据日志')),
      () => setError('无法读取数据日志'),
    );
    return () => ctl.abort();
  }, [schema.name, id]);

  const rows = useMemo(
    () => (compare ? diffVersions(schema.fields, compare[0].content ?? compare[0].before, compare[1].content ?? compare[1].before, onlyChanged) : []),
    [compare, schema.fields, onlyChanged],
  );

  const summary = row ? trail(schema, row) : [];
  if (!row || (!id && !summary.length)) return <Empty description="暂无记录" />;
  if (error || !versions || !versions.length) {
    return (
      <div data-testid="audit-timeline">
        {summary.length ? <Timeline items={summary} /> : null}
        {!error && !versions && id ? <Spin size="small" /> : null}
        {!summary.length && (error || versions) ? <Empty description="暂无记录" /> : null}
      </div>
    );
  }

  const toggle = (vid: string, on: boolean) => setPicked((p) => (on ? [...p.filter((x) => x !== vid), vid].slice(-2) : p.filter((x) => x !== vid)));
  const chosen = versions.filter((v) => picked.includes(v.id));
  return (
    <div data-testid="audit-timeline">
      {summary.length ? <Timeline items={summary} /> : null}
      <Typography.Title level={5}>数据日志</Typography.Title>
      <Timeline
        items={versions.map((v) => ({
          color: v.op === 'delete' ? 'red' : v.op === 'add' ? 'green' : 'blue',
          children: (
            <Checkbox checked={picked.includes(v.id)} onChange={(e) => toggle(v.id, e.target.checked)}>
              {`${v.createTime} ${v.username ?? ''} ${OPS[v.op] ?? v.op} ${label(v)}`}
            </Checkbox>
          ),
        }))}
      />
      <Space>
        <Button size="small" disabled={chosen.length !== 2} onClick={() => setCompare([chosen[0]!, chosen[1]!])}>数据比较</Button>
        {compare && <Switch size="small" checked={onlyChanged} onChange={setOnlyChanged} checkedChildren="只看差异" unCheckedChildren="全部字段" />}
      </Space>
      {compare && (
        <Table
          data-testid="audit-diff"
          size="small"
          style={{ marginTop: 12 }}
          rowKey="key"
          pagination={false}
          dataSource={rows}
          rowClassName={(r) => (r.changed ? 'audit-diff-changed' : '')}
          columns={[
            { title: '字段名', dataIndex: 'title', width: 140 },
            { title: label(compare[0]), dataIndex: 'left', render: (t: string, r) => (r.changed ? <Typography.Text type="danger">{t}</Typography.Text> : t) },
            { title: label(compare[1]), dataIndex: 'right', render: (t: string, r) => (r.changed ? <Typography.Text type="success">{t}</Typography.Text> : t) },
          ]}
        />
      )}
    </div>
  );
}
