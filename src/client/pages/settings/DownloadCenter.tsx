/**
 * 下载中心 (系统设置): the caller's background export files (GET /sys/exportJob/list) with their
 * state, progress (rows written of the total), size, creation and expiry; 下载 fetches a finished
 * file through GET /sys/exportJob/download (the server checks the owner). While a job is queued
 * or running the list is read again every 2 s.
 */
import { useCallback, useEffect, useState } from 'react';
import { Button, Card, Progress, Space, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { feedback, http, saveBlob, type Page } from '../../api/index';
import type { PageProps } from '../registry';

export const POLL_MS = 2000;

export interface ExportJob {
  id: string;
  fileName: string;
  resourceTitle: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  status_dictText: string;
  total: number;
  done: number;
  percent: number;
  size: number;
  error: string | null;
  createTime: string;
  finishTime: string | null;
  expireTime: string | null;
}

const STATUS_COLORS: Record<string, string> = { queued: 'default', running: 'processing', done: 'success', failed: 'error' };

/** 1536 -> `1.5 KB`. */
export function sizeText(n: number): string {
  if (!n) return '-';
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

export default function DownloadCenter({ title }: PageProps) {
  const [rows, setRows] = useState<ExportJob[]>([]);
  const [total, setTotal] = useState(0);
  const [pageNo, setPageNo] = useState(1);
  const [loading, setLoading] = useState(false);
  const [downloading, setDownloading] = useState<string | null>(null);

  const load = useCallback(async (quiet = false) => {
    if (!quiet) setLoading(true);
    try {
      const res = await http.get<Page<ExportJob>>('/sys/exportJob/list', { pageNo, pageSize: 10 });
      if (res.success) {
        setRows(res.result.records);
        setTotal(res.result.total);
      }
    } finally {
      if (!quiet) setLoading(false);
    }
  }, [pageNo]);

  useEffect(() => { void load(); }, [load]);
  const busy = rows.some((r) => r.status === 'queued' || r.status === 'running');
  useEffect(() => {
    if (!busy) return;
    const t = setInterval(() => void load(true), POLL_MS);
    return () => clearInterval(t);
  }, [busy, load]);

  const download = async (job: ExportJob) => {
    setDownloading(job.id);
    try {
      saveBlob(await http.download('/sys/exportJob/download', { params: { id: job.id } }), job.fileName);
    } catch (err) {
      if (err instanceof Error && !('status' in err)) void feedback.message.warning(err.message);
    } finally {
      setDownloading(null);
    }
  };

  const columns: ColumnsType<ExportJob> = [
    { title: '文件名称', dataIndex: 'fileName', ellipsis: true },
    { title: '所属模块', dataIndex: 'resourceTitle', width: 120 },
    {
      title: '状态',
      dataIndex: 'status',
      width: 100,
      render: (_: unknown, r) => (r.status === 'failed' && r.error ? <Tooltip title={r.error}><Tag color="error">{r.status_dictText}</Tag></Tooltip> : <Tag color={STATUS_COLORS[r.status]}>{r.status_dictText}</Tag>),
    },
    {
      title: '进度',
      dataIndex: 'percent',
      width: 260,
      render: (_: unknown, r) => (
        <Space size={8} data-testid="export-progress">
          <Progress percent={r.percent} size="small" style={{ width: 120, margin: 0 }} status={r.status === 'failed' ? 'exception' : r.status === 'done' ? 'success' : 'active'} />
          <span>{`${r.done.toLocaleString('en-US')} / ${r.total.toLocaleString('en-US')} 行`}</span>
        </Space>
      ),
    },
    { title: '文件大小', dataIndex: 'size', width: 100, render: (n: number) => sizeText(n) },
    { title: '创建时间', dataIndex: 'createTime', width: 170 },
    { title: '过期时间', dataIndex: 'expireTime', width: 170, render: (t: string | null) => t ?? '-' },
    {
      title: '操作',
      key: 'op',
      width: 90,
      render: (_: unknown, r) => (
        <Button type="link" size="small" disabled={r.status !== 'done'} loading={downloading === r.id} onClick={() => void download(r)}>
          下载
        </Button>
      ),
    },
  ];

  return (
    <Card title={title ?? '下载中心'} extra={<Button onClick={() => void load()}>刷新</Button>}>
      <div style={{ marginBottom: 12, color: 'rgba(0,0,0,0.45)' }}>数据量较大的导出在后台生成，完成后可在此下载；文件保留 7 天。</div>
      <Table<ExportJob>
        rowKey="id"
        data-testid="download-center-table"
        loading={loading}
        columns={columns}
        dataSource={rows}
        pagination={{ current: pageNo, pageSize: 10, total, onChange: setPageNo, showTotal: (n) => `共 ${n} 条` }}
      />
    </Card>
  );
}
