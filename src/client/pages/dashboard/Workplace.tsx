/**
 * 工作台 (/dashboard/workplace): a greeting by the time of day, the caller's pending work (each
 * item opens its list filtered to those rows, e.g. /app/consultOrder?status=2), the caller's
 * recent operations from the operation log and quick links — from GET /dashboard/workplace,
 * which shows only what the caller may act on or open.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Alert, Card, Col, Empty, List, Row, Skeleton, Statistic } from 'antd';
import { useAtomValue } from 'jotai';
import { appStore, userInfoAtom } from '../../state/atoms';
import { timeFix } from '../../state/greeting';
import { menuIcon } from '../../shell/icons';
import type { PageProps } from '../registry';
import { fetchWorkplace, type WorkplaceData } from './api';

export default function Workplace(_props: PageProps) {
  const user = useAtomValue(userInfoAtom, { store: appStore });
  const [data, setData] = useState<WorkplaceData | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const ac = new AbortController();
    fetchWorkplace(ac.signal)
      .then((d) => setData(d))
      .catch((e: unknown) => {
        if (!ac.signal.aborted) setError(e instanceof Error ? e.message : String(e));
      });
    return () => ac.abort();
  }, []);

  const pending = data?.pending ?? [];
  return (
    <div data-testid="dashboard-workplace">
      <Card style={{ marginBottom: 16 }}>
        <h2 style={{ margin: 0 }} data-testid="workplace-greeting">
          {timeFix()}，{user?.realname || user?.username || ''}，祝你开心每一天！
        </h2>
        <p style={{ margin: '8px 0 0', color: 'rgba(0,0,0,.45)' }}>欢迎使用互联网医院后台管理</p>
      </Card>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <Row gutter={16}>
        <Col xs={24} lg={16}>
          <Card title="我的待办" style={{ marginBottom: 16 }} data-testid="workplace-pending">
            {!data ? (
              <Skeleton active />
            ) : pending.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无待办" />
            ) : (
              <Row gutter={[16, 16]}>
                {pending.map((p) => (
                  <Col key={`${p.resource}:${p.path}`} xs={12} md={8} xl={6}>
                    <Link to={p.path} data-testid={`pending-${p.resource}`}>
                      <Card size="small" hoverable>
                        <Statistic title={p.title} value={p.count} valueStyle={{ color: p.count > 0 ? '#fa541c' : undefined }} />
                      </Card>
                    </Link>
                  </Col>
                ))}
              </Row>
            )}
          </Card>
          <Card title="最近动态" style={{ marginBottom: 16 }} data-testid="workplace-activity">
            {!data ? (
              <Skeleton active />
            ) : (
              <List
                size="small"
                locale={{ emptyText: '暂无动态' }}
                dataSource={data.activity ?? []}
                renderItem={(a) => (
                  <List.Item>
                    <span>{a.text}</span>
                    <span style={{ color: 'rgba(0,0,0,.45)' }}>{a.time}</span>
                  </List.Item>
                )}
              />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title="快捷入口" style={{ marginBottom: 16 }} data-testid="workplace-links">
            {!data ? (
              <Skeleton active />
            ) : (data.links ?? []).length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无入口" />
            ) : (
              <Row gutter={[8, 8]}>
                {data.links.map((l) => (
                  <Col key={l.resource} span={12}>
                    <Link to={l.path} style={{ display: 'flex', gap: 8, alignItems: 'center', padding: '6px 8px' }}>
                      {menuIcon(l.icon)}
                      <span>{l.title}</span>
                    </Link>
                  </Col>
                ))}
              </Row>
            )}
          </Card>
        </Col>
      </Row>
    </div>
  );
}
