/**
 * 我的消息 (/isps/userAnnouncement): a plain antd Table
 * over GET /sys/sysAnnouncementSend/getMyAnnouncementSend with search 标题 / 发布人, columns 标题,
 * 消息类型, 发布人, 发布时间, 优先级, 阅读状态, 操作 (查看 marks read and opens the modal), and
 * 全部标注已读 (confirm 是否全部标注已读? -> PUT sys/sysAnnouncementSend/readAll).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { App, Button, Card, Form, Input, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useNavigate } from 'react-router';
import { http, type Page } from '../../api/index';
import type { PageProps } from '../registry';
import { AnnouncementModal } from '../../shell/dialogs/AnnouncementModal';
import { markAllRead, NOTICE_PATHS } from '../../shell/notice/api';
import { openAnnouncement } from '../../shell/notice/open';
import { noticesChangedAtom, reloadNoticeList } from '../../shell/notice/store';
import { PriorityTag } from '../../shell/notice/PriorityTag';
import { useAtomValue } from 'jotai';
import { appStore } from '../../state/atoms';
import { titleOf, type Announcement } from '../../shell/notice/types';

const CATEGORY: Record<string, string> = { '1': '通知公告', '2': '系统消息' };
const READ: Record<string, { text: string; color: string }> = {
  '0': { text: '未读', color: 'red' },
  '1': { text: '已读', color: 'green' },
};

interface Search {
  title?: string;
  sender?: string;
}

export default function UserAnnouncementList({ title }: PageProps) {
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<Search>();
  const [rows, setRows] = useState<Announcement[]>([]);
  const [total, setTotal] = useState(0);
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [search, setSearch] = useState<Search>({});
  const [loading, setLoading] = useState(false);
  const [shown, setShown] = useState<Announcement | null>(null);

  const load = useCallback(async (s: Search, page: number, size: number) => {
    setLoading(true);
    try {
      const t = s.title?.trim();
      const sender = s.sender?.trim();
      const env = await http.get<Page<Announcement>>(NOTICE_PATHS.mine, {
        pageNo: page,
        pageSize: size,
        ...(t ? { title: `*${t}*` } : {}),
        ...(sender ? { sender: `*${sender}*` } : {}),
      });
      if (env.success && env.result) {
        setRows(Array.isArray(env.result.records) ? env.result.records : []);
        setTotal(Number(env.result.total) || 0);
      } else if (env.message) {
        message.warning(env.message);
      }
    } catch {
      /* shown by the request layer */
    } finally {
      setLoading(false);
    }
  }, [message]);

  useEffect(() => {
    void load({}, 1, 10);
  }, [load]);

  const refresh = () => load(search, pageNo, pageSize);
  // notices marked read from the bell (全部已读, opening one) show here at once
  const changed = useAtomValue(noticesChangedAtom, { store: appStore });
  const seen = useRef(changed);
  useEffect(() => {
    if (seen.current === changed) return;
    seen.current = changed;
    void refresh();
  }, [changed]); // eslint-disable-line react-hooks/exhaustive-deps

  const onSearch = (v: Search) => {
    setSearch(v);
    setPageNo(1);
    void load(v, 1, pageSize);
  };
  const onReset = () => {
    form.resetFields();
    setSearch({});
    setPageNo(1);
    void load({}, 1, pageSize);
  };

  const view = (r: Announcement) => {
    void openAnnouncement(r, { navigate, show: setShown, reload: refresh });
  };

  const readAll = () => {
    modal.confirm({
      title: '确认操作',
      content: '是否全部标注已读?',
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        const r = await markAllRead().catch(() => null);
        if (r?.success) {
          message.success(r.message || '操作成功');
          void refresh();
          void reloadNoticeList();
        } else if (r) message.warning(r.message);
      },
    });
  };

  const columns: ColumnsType<Announcement> = [
    { title: '标题', key: 'title', ellipsis: true, render: (_: unknown, r) => titleOf(r) },
    { title: '消息类型', dataIndex: 'msgCategory', key: 'msgCategory', width: 110, render: (v: unknown) => CATEGORY[String(v ?? '')] ?? String(v ?? '') },
    { title: '发布人', dataIndex: 'sender', key: 'sender', width: 120 },
    { title: '发布时间', dataIndex: 'sendTime', key: 'sendTime', width: 170 },
    {
      title: '优先级',
      dataIndex: 'priority',
      key: 'priority',
      width: 90,
      render: (v: unknown) => <PriorityTag priority={v == null ? null : String(v)} />,
    },
    {
      title: '阅读状态',
      dataIndex: 'readFlag',
      key: 'readFlag',
      width: 100,
      render: (v: unknown) => {
        const p = READ[String(v ?? '0')];
        return p ? <Tag color={p.color}>{p.text}</Tag> : String(v ?? '');
      },
    },
    {
      title: '操作',
      key: 'action',
      width: 90,
      render: (_: unknown, r) => (
        <a role="button" onClick={() => view(r)}>
          查看
        </a>
      ),
    },
  ];

  return (
    <Card title={title ?? '我的消息'} variant="borderless">
      <Form form={form} layout="inline" onFinish={onSearch} style={{ marginBottom: 16, rowGap: 8 }} data-testid="announcement-search">
        <Form.Item label="标题" name="title">
          <Input placeholder="请输入标题" allowClear />
        </Form.Item>
        <Form.Item label="发布人" name="sender">
          <Input placeholder="请输入发布人" allowClear />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              查询
            </Button>
            <Button onClick={onReset}>重置</Button>
          </Space>
        </Form.Item>
      </Form>
      <div style={{ marginBottom: 16 }}>
        <Button type="primary" onClick={readAll}>
          全部标注已读
        </Button>
      </div>
      <Table<Announcement>
        data-testid="announcement-table"
        rowKey={(r) => String(r.id)}
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={loading}
        pagination={{
          current: pageNo,
          pageSize,
          total,
          showSizeChanger: true,
          pageSizeOptions: ['10', '20', '30'],
          showTotal: (t, range) => `${range[0]}-${range[1]} 共${t}条`,
          onChange: (p, s) => {
            setPageNo(p);
            setPageSize(s);
            void load(search, p, s);
          },
        }}
      />
      <AnnouncementModal open={!!shown} announcement={shown} onClose={() => setShown(null)} />
    </Card>
  );
}
