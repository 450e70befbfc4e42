/**
 * 下载 (/download): the current released version of each client app per platform (the newest
 * published APP版本), with its download link (Android package) or store link (iOS).
 * 文件下载 (/download/file): every published version, newest first, as a table of files.
 */
import { Alert, Button, Card, Col, Empty, Row, Spin, Table, Tag } from 'antd';
import { useLocation } from 'react-router';
import PublicLayout from './PublicLayout';
import { text, useOpenList, type OpenRecord } from './openList';

const link = (r: OpenRecord): string | undefined => (r.downloadUrl ? String(r.downloadUrl) : r.storeUrl ? String(r.storeUrl) : undefined);

/** The newest record of each client + platform (records come newest first). */
export function currentVersions(records: OpenRecord[]): OpenRecord[] {
  const seen = new Set<string>();
  return records.filter((r) => {
    const k = `${String(r.client)}/${String(r.platform)}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

function VersionCard({ r }: { r: OpenRecord }) {
  const href = link(r);
  return (
    <Card
      data-testid="app-version"
      title={`${text(r.client_dictText)} · ${text(r.platform_dictText)}`}
      extra={r.forceUpdate === true ? <Tag color="red">强制更新</Tag> : null}
    >
      <p style={{ fontSize: 18, margin: '0 0 8px' }}>版本 {text(r.versionNo)}</p>
      <p style={{ color: 'rgba(0,0,0,.45)', margin: '0 0 8px' }}>发布时间：{text(r.publishTime)}</p>
      <p style={{ whiteSpace: 'pre-line', margin: '0 0 16px' }}>{text(r.releaseNotes)}</p>
      {href ? (
        <Button type="primary" href={href} target="_blank" rel="noopener noreferrer">
          {r.downloadUrl ? '下载安装包' : '前往应用商店'}
        </Button>
      ) : (
        <span>暂无下载地址</span>
      )}
    </Card>
  );
}

export default function Download({ files = false }: { files?: boolean }) {
  const location = useLocation();
  const { records, loading, error } = useOpenList('hisAppVersion', location.search);
  const title = files ? '文件下载' : '下载';
  let body;
  if (loading) body = <Spin />;
  else if (error) body = <Alert type="error" showIcon message={error} />;
  else if (records.length === 0) body = <Empty description="暂无已发布的版本" />;
  else if (files) {
    body = (
      <Table
        rowKey={(r, i) => `${String(r.versionNo)}-${i}`}
        dataSource={records}
        pagination={false}
        columns={[
          { title: '端', dataIndex: 'client_dictText' },
          { title: '平台', dataIndex: 'platform_dictText' },
          { title: '版本号', dataIndex: 'versionNo' },
          { title: '发布时间', dataIndex: 'publishTime', render: text },
          { title: '下载', render: (_: unknown, r: OpenRecord) => (link(r) ? <a href={link(r)} target="_blank" rel="noopener noreferrer">{r.downloadUrl ? '下载安装包' : '应用商店'}</a> : '-') },
        ]}
      />
    );
  } else {
    body = (
      <Row gutter={[16, 16]}>
        {currentVersions(records).map((r) => (
          <Col key={`${String(r.client)}/${String(r.platform)}`} xs={24} md={12}>
            <VersionCard r={r} />
          </Col>
        ))}
      </Row>
    );
  }
  return <PublicLayout title={title}>{body}</PublicLayout>;
}
