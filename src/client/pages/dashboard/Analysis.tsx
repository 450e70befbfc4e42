import { Card, Col, Row, Statistic } from 'antd';
import { useAtomValue } from 'jotai';
import { appStore, userInfoAtom } from '../../state/atoms';
import { timeFix } from '../../state/greeting';
import type { PageProps } from '../registry';

/** Home page placeholder (首页). Light on purpose: no ProTable here. */
export default function Analysis(_props: PageProps) {
  const user = useAtomValue(userInfoAtom, { store: appStore });
  return (
    <div data-testid="dashboard-analysis">
      <Card style={{ marginBottom: 16 }}>
        <h2 style={{ margin: 0 }}>
          {timeFix()}，{user?.realname ?? user?.username ?? ''}
        </h2>
        <p style={{ margin: '8px 0 0', color: 'rgba(0,0,0,.45)' }}>欢迎使用互联网医院后台管理</p>
      </Card>
      <Row gutter={16}>
        {['今日问诊', '今日处方', '今日订单', '在线医生'].map((t) => (
          <Col key={t} xs={24} sm={12} lg={6} style={{ marginBottom: 16 }}>
            <Card>
              <Statistic title={t} value="-" />
            </Card>
          </Col>
        ))}
      </Row>
    </div>
  );
}
