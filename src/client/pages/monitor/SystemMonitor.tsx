/**
 * 系统监控 (/monitor/system, platform super administrator): server, disks, Node process,
 * database, HTTP request trace and Redis from GET /sys/monitor/info, refreshed every 3 s while
 * the page is open (暂停 stops it, 继续 resumes; 立即刷新 reads once). Others get the server's
 * 403 message.
 */
import { Alert, Button, Card, Col, Descriptions, Progress, Row, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { PageProps } from '../registry';
import { REFRESH_MS, useMonitorInfo, type TraceEntry } from './useMonitorInfo';

export { REFRESH_MS };

const MB = 1024 * 1024;
const mb = (n: number) => `${(n / MB).toFixed(1)} MB`;
const gb = (n: number) => `${(n / 1024 / MB).toFixed(2)} GB`;
function duration(s: number): string {
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  return `${d ? `${d}天` : ''}${h}小时${m}分${s % 60}秒`;
}
/** `2026-11-25 10:00:00` -> `2026年11月25日 10时00分00秒`. */
export function updatedText(t: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(t);
  return m ? `${m[1]}年${m[2]}月${m[3]}日 ${m[4]}时${m[5]}分${m[6]}秒` : t;
}
/** Request time colours: < 500 ms green, < 1000 cyan, < 1500 orange, else red. */
export const timeColor = (ms: number) => (ms < 500 ? 'green' : ms < 1000 ? 'cyan' : ms < 1500 ? 'orange' : 'red');
/** Status colours: < 200 pink, 200 green, < 399 cyan, < 403 orange, < 501 red, else default. */
export const statusColor = (s: number) => (s < 200 ? 'pink' : s === 200 ? 'green' : s < 399 ? 'cyan' : s < 403 ? 'orange' : s < 501 ? 'red' : 'default');

const TRACE_COLUMNS: ColumnsType<TraceEntry> = [
  { title: '请求时间', dataIndex: 'time', width: 180 },
  {
    title: '请求方法',
    dataIndex: 'method',
    width: 100,
    filters: ['GET', 'POST', 'PUT', 'DELETE'].map((m) => ({ text: m, value: m })),
    onFilter: (v, r) => r.method === v,
    render: (m: string) => <Tag>{m}</Tag>,
  },
  { title: '请求URL', dataIndex: 'uri', ellipsis: true },
  { title: '响应状态', dataIndex: 'status', width: 100, render: (s: number) => <Tag color={statusColor(s)}>{s}</Tag> },
  { title: '请求耗时', dataIndex: 'timeTaken', width: 110, render: (ms: number) => <Tag color={timeColor(ms)}>{ms} ms</Tag> },
];

export default function SystemMonitor(_props: PageProps) {
  const { info, error, paused, setPaused, load } = useMonitorInfo();

  const s = info?.server;
  const p = info?.process;
  const d = info?.database;
  return (
    <div data-testid="system-monitor">
      <Card style={{ marginBottom: 16 }}>
        <Space wrap>
          <span data-testid="monitor-updated">上次更新时间：{info ? updatedText(info.time) : '-'}</span>
          <Button data-testid="monitor-pause" onClick={() => setPaused((x) => !x)}>{paused ? '继续' : '暂停'}</Button>
          <Button onClick={() => void load()}>立即刷新</Button>
          <span style={{ color: 'rgba(0,0,0,.45)' }}>{paused ? '已暂停自动刷新' : `每 ${REFRESH_MS / 1000} 秒自动刷新`}</span>
        </Space>
      </Card>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      {info && s && p && d && (
        <>
          <Row gutter={16}>
            <Col xs={24} xl={12}>
              <Card title="服务器" style={{ marginBottom: 16 }} data-testid="monitor-server">
                <Descriptions column={1} size="small" bordered>
                  <Descriptions.Item label="主机名">{s.hostname}</Descriptions.Item>
                  <Descriptions.Item label="操作系统">{s.platform}</Descriptions.Item>
                  <Descriptions.Item label="CPU">{s.cpuModel}（{s.cpuCount} 核）</Descriptions.Item>
                  <Descriptions.Item label="系统负载（1/5/15 分钟）">{s.loadAverage.join(' / ')}</Descriptions.Item>
                  <Descriptions.Item label="内存">
                    {gb(s.totalMemory - s.freeMemory)} / {gb(s.totalMemory)}
                    <Progress percent={Math.round(((s.totalMemory - s.freeMemory) / s.totalMemory) * 1000) / 10} size="small" />
                  </Descriptions.Item>
                  <Descriptions.Item label="运行时长">{duration(s.uptimeSeconds)}</Descriptions.Item>
                </Descriptions>
              </Card>
            </Col>
            <Col xs={24} xl={12}>
              <Card title="Node 进程" style={{ marginBottom: 16 }} data-testid="monitor-process">
                <Descriptions column={1} size="small" bordered>
                  <Descriptions.Item label="进程号">{p.pid}</Descriptions.Item>
                  <Descriptions.Item label="Node 版本">{p.node}</Descriptions.Item>
                  <Descriptions.Item label="运行时长">{duration(p.uptimeSeconds)}</Descriptions.Item>
                  <Descriptions.Item label="常驻内存">{mb(p.rss)}</Descriptions.Item>
                  <Descriptions.Item label="堆内存">{mb(p.heapUsed)} / {mb(p.heapTotal)}</Descriptions.Item>
                  <Descriptions.Item label="CPU 时间（用户/系统）">{p.cpuUserMs} ms / {p.cpuSystemMs} ms</Descriptions.Item>
                </Descriptions>
              </Card>
            </Col>
          </Row>
          <Row gutter={16}>
            <Col xs={24} xl={12}>
              <Card title="磁盘" style={{ marginBottom: 16 }} data-testid="monitor-disks">
                {info.disks.map((x) => (
                  <div key={x.path} style={{ marginBottom: 12 }}>
                    <div>
                      {x.name}（{x.path}）：已用 {gb(x.used)}，可用 {gb(x.free)}，共 {gb(x.total)}
                    </div>
                    <Progress percent={x.usedPercent} status={x.usedPercent > 90 ? 'exception' : 'normal'} />
                  </div>
                ))}
              </Card>
            </Col>
            <Col xs={24} xl={12}>
              <Card title="数据库" style={{ marginBottom: 16 }} data-testid="monitor-database">
                <Descriptions column={1} size="small" bordered>
                  <Descriptions.Item label="类型">{d.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'}</Descriptions.Item>
                  <Descriptions.Item label="版本">{d.version}</Descriptions.Item>
                  <Descriptions.Item label="大小">{mb(d.sizeBytes)}</Descriptions.Item>
                  <Descriptions.Item label="表数量">{d.tables}</Descriptions.Item>
                  <Descriptions.Item label="往返耗时">{d.roundTripMs} ms</Descriptions.Item>
                </Descriptions>
              </Card>
              <Card title="Redis" style={{ marginBottom: 16 }} data-testid="monitor-redis">
                {info.redis.configured ? '已配置' : <Alert type="info" showIcon message="Redis 未配置：本系统的会话、计数与消息分发使用数据库，不依赖 Redis。" />}
              </Card>
            </Col>
          </Row>
          <Card title="HTTP 请求追踪" data-testid="monitor-trace">
            <Alert type="info" showIcon style={{ marginBottom: 12 }} message={<span>共追踪到 {info.httpTrace.length} 条近期HTTP请求记录 <a onClick={() => void load()}>立即刷新</a></span>} />
            <Table<TraceEntry> rowKey="id" size="small" columns={TRACE_COLUMNS} dataSource={info.httpTrace} pagination={{ pageSize: 10 }} />
          </Card>
        </>
      )}
    </div>
  );
}
