/**
 * 协议 (/agreement?type=<协议类型>): the current (published, newest) agreement of a type from
 * 协议管理 — its name, version, effective time and content. Without a type: the first type that
 * has a current agreement; links switch between the types that have one.
 */
import { useMemo } from 'react';
import { Alert, Card, Empty, Space, Spin } from 'antd';
import { Link, useLocation } from 'react-router';
import DOMPurify from 'dompurify';
import PublicLayout from './PublicLayout';
import { text, useOpenList, type OpenRecord } from './openList';

/** The current agreement of each type (records come newest first), in type order. */
export function currentAgreements(records: OpenRecord[]): OpenRecord[] {
  const byType = new Map<string, OpenRecord>();
  for (const r of records) if (!byType.has(String(r.agreementType))) byType.set(String(r.agreementType), r);
  return [...byType.values()].sort((a, b) => String(a.agreementType).localeCompare(String(b.agreementType), 'en', { numeric: true }));
}

export default function Agreement() {
  const location = useLocation();
  const { records, loading, error } = useOpenList('hisAgreement', location.search);
  const params = new URLSearchParams(location.search);
  const type = params.get('type');
  const current = useMemo(() => currentAgreements(records), [records]);
  const shown = type ? current.find((r) => String(r.agreementType) === type) : current[0];
  const html = useMemo(() => DOMPurify.sanitize(String(shown?.content ?? '')), [shown]);
  const to = (t: string) => {
    const q = new URLSearchParams(params);
    q.set('type', t);
    return `/agreement?${q.toString()}`;
  };
  let body;
  if (loading) body = <Spin />;
  else if (error) body = <Alert type="error" showIcon message={error} />;
  else if (!shown) body = <Empty description="暂无生效的协议" />;
  else {
    body = (
      <>
        {current.length > 0 && (
          <Space wrap style={{ marginBottom: 16 }}>
            {current.map((r) => (
              <Link key={String(r.agreementType)} to={to(String(r.agreementType))} style={r === shown ? { fontWeight: 600 } : undefined}>
                {text(r.agreementType_dictText)}
              </Link>
            ))}
          </Space>
        )}
        <Card data-testid="agreement">
          <h3 style={{ fontSize: 20, margin: '0 0 8px' }}>{text(shown.name)}</h3>
          <p style={{ color: 'rgba(0,0,0,.45)' }}>
            版本 {text(shown.versionNo)} · 生效时间 {text(shown.effectiveTime)}
          </p>
          <div className="agreement-content" dangerouslySetInnerHTML={{ __html: html }} />
        </Card>
      </>
    );
  }
  return <PublicLayout title="协议">{body}</PublicLayout>;
}
