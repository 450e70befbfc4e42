/**
 * AuditTimeline (custom widget): the row's audit trail as a timeline — created,
 * last updated and, for resources with `states`, the current state. A
 * placeholder until an audit-log API exists; it only reads the row.
 */
import { Empty, Timeline } from 'antd';
import type { CustomWidgetProps } from '../registry';
import { formatDate } from '../projections';

const str = (v: unknown) => (v === undefined || v === null || v === '' ? '' : String(v));

export default function AuditTimeline({ schema, row }: CustomWidgetProps) {
  if (!row) return <Empty description="暂无记录" />;
  const items: Array<{ color: string; children: string }> = [];
  if (row.createTime) items.push({ color: 'green', children: `${formatDate(row.createTime, 'YYYY-MM-DD HH:mm:ss')} ${str(row.createBy)} 创建` });
  if (row.updateTime) items.push({ color: 'blue', children: `${formatDate(row.updateTime, 'YYYY-MM-DD HH:mm:ss')} ${str(row.updateBy)} 更新` });
  const stateField = schema.states?.field;
  if (stateField) {
    const label = str(row[`${stateField}_dictText`]) || str(row[stateField]);
    if (label) items.push({ color: 'gray', children: `当前状态：${label}` });
  }
  if (!items.length) return <Empty description="暂无记录" />;
  return <div data-testid="audit-timeline"><Timeline items={items} /></div>;
}
