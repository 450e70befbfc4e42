/**
 * 选择机构: search by organisation name (trimmed), a table with
 * radio selection, page size 10 over GET /sys/org/list?orgName=&pageNo=&pageSize= (super tenant
 * only). 确定 stores the tenant / organisation (state/tenant.chooseOrganisation) and then reloads
 * the page (`orgPickerHooks.afterSwitch`) so every list re-fetches with the new tenant-id header.
 */
import { useCallback, useEffect, useState } from 'react';
import { Button, Form, Input, Modal, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { feedback, http, type Page } from '../../api/index';
import { chooseOrganisation } from '../../state/tenant';

export interface OrgRecord {
  id: string;
  title: string;
  tenantId: string | number;
  orgId?: string | number | null;
  type?: string;
}

export const ORG_LIST_PATH = '/sys/org/list';
export const ORG_PAGE_SIZE = 10;

/** Query params of the organisation list (the name is trimmed; empty is left out). */
export function orgListParams(orgName: string | undefined, pageNo: number): Record<string, string | number> {
  const name = (orgName ?? '').trim();
  return { ...(name ? { orgName: name } : {}), pageNo, pageSize: ORG_PAGE_SIZE };
}

/** Replaceable for tests; by default a full reload re-fetches every page with the new tenant. */
export const orgPickerHooks = {
  afterSwitch: (): void => {
    if (typeof window !== 'undefined') window.location.reload();
  },
};

export interface OrgPickerProps {
  open: boolean;
  onClose: () => void;
}

const columns: ColumnsType<OrgRecord> = [
  { title: '机构名称', dataIndex: 'title', key: 'title' },
  { title: '租户ID', dataIndex: 'tenantId', key: 'tenantId', width: 100 },
  {
    title: '类型',
    dataIndex: 'type',
    key: 'type',
    width: 90,
    render: (t: unknown) => (t === 'tenant' ? '租户' : t === 'hospital' ? '医院' : ''),
  },
];

export function OrgPicker({ open, onClose }: OrgPickerProps) {
  const [name, setName] = useState('');
  const [query, setQuery] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const [rows, setRows] = useState<OrgRecord[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<OrgRecord | null>(null);

  const load = useCallback(async (orgName: string, page: number) => {
    setLoading(true);
    try {
      const env = await http.get<Page<OrgRecord>>(ORG_LIST_PATH, orgListParams(orgName, page));
      if (env.success && env.result) {
        setRows(Array.isArray(env.result.records) ? env.result.records : []);
        setTotal(Number(env.result.total) || 0);
      } else {
        setRows([]);
        setTotal(0);
        if (env.message) feedback.message.warning(env.message);
      }
    } catch {
      setRows([]);
      setTotal(0);
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    if (!open) return;
    setName('');
    setQuery('');
    setPageNo(1);
    setSelected(null);
    void load('', 1);
  }, [open, load]);

  const search = () => {
    const q = name.trim();
    setName(q);
    setQuery(q);
    setPageNo(1);
    void load(q, 1);
  };
  const reset = () => {
    setName('');
    setQuery('');
    setPageNo(1);
    void load('', 1);
  };

  const confirm = () => {
    if (!selected) {
      feedback.message.warning('请选择机构');
      return;
    }
    chooseOrganisation(selected);
    onClose();
    orgPickerHooks.afterSwitch();
  };

  return (
    <Modal title="选择机构" open={open} width={800} onCancel={onClose} onOk={confirm} okText="确定" cancelText="取消" destroyOnHidden>
      <Form layout="inline" style={{ marginBottom: 16 }} onFinish={search}>
        <Form.Item label="机构名称">
          <Input
            placeholder="请输入机构名称"
            value={name}
            allowClear
            onChange={(e) => setName(e.target.value)}
            onPressEnter={search}
            data-testid="org-search"
          />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" onClick={search}>
              查询
            </Button>
            <Button onClick={reset}>重置</Button>
          </Space>
        </Form.Item>
      </Form>
      <Table<OrgRecord>
        data-testid="org-table"
        size="small"
        rowKey={(r) => `${r.tenantId}:${r.id}`}
        columns={columns}
        dataSource={rows}
        loading={loading}
        rowSelection={{
          type: 'radio',
          selectedRowKeys: selected ? [`${selected.tenantId}:${selected.id}`] : [],
          onChange: (_keys, recs) => setSelected(recs[0] ?? null),
        }}
        onRow={(r) => ({ onClick: () => setSelected(r) })}
        pagination={{
          current: pageNo,
          pageSize: ORG_PAGE_SIZE,
          total,
          showSizeChanger: false,
          onChange: (p) => {
            setPageNo(p);
            void load(query, p);
          },
        }}
      />
    </Modal>
  );
}

export default OrgPicker;
