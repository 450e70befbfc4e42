/**
 * The bench's floor: the least a list page can do with the same React and antd Table — read
 * the stored token, make one signed (and encrypted) list call with the console's protocol
 * code, render ten rows. No router, no shell, no engine. What the console spends beyond
 * these figures is its own.
 */
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import Table from 'antd/es/table';
import { API_ROOT, DEFAULT_PROTOCOL_CONFIG as cfg } from '../../src/core/protocol/config';
import { computeSign, TIMESTAMP_PARAM } from '../../src/core/protocol/sign';
import { H, headerValues } from '../../src/core/protocol/header-values';
import { decryptTextWeb, makeAccessAuthWeb } from '../../src/core/protocol/cipher-web';

type Row = Record<string, unknown> & { id: string };

function stored(key: string): string | null {
  try {
    return (JSON.parse(localStorage.getItem(`pro__${key}`) ?? 'null') as { value?: string } | null)?.value ?? null;
  } catch {
    return null;
  }
}

async function list(): Promise<Row[]> {
  const path = '/hisDoctor/list';
  const params = { column: 'createTime', order: 'desc', pageNo: '1', pageSize: '10' };
  const ts = Date.now();
  const random = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
  const ctx = { token: stored('Access-Token'), tenantId: stored('TENANT_ID'), random };
  const headers = headerValues(cfg, ctx, await makeAccessAuthWeb(cfg, random));
  headers[H.sign] = computeSign(path, params, undefined, cfg.signSecret, ts);
  headers[H.timestamp] = String(ts);
  const qs = new URLSearchParams({ [TIMESTAMP_PARAM]: String(Math.floor(ts / 1000)), ...params });
  const text = (await (await fetch(`${API_ROOT}${path}?${qs}`, { headers })).text()).trim();
  const env = JSON.parse(text.startsWith('{') ? text : await decryptTextWeb(text, cfg)) as { result?: { records?: Row[] } };
  return env.result?.records ?? [];
}

const columns = ['realname', 'sex_dictText', 'phone', 'hospitalId_dictText', 'departmentId_dictText', 'status_dictText', 'createTime']
  .map((k) => ({ key: k, dataIndex: k, title: k }));

function Floor() {
  const [rows, setRows] = useState<Row[]>([]);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    void list().then((r) => { setRows(r); setLoading(false); }, () => setLoading(false));
  }, []);
  return <div data-testid="resource-table"><Table rowKey="id" columns={columns} dataSource={rows} loading={loading} pagination={false} /></div>;
}

createRoot(document.getElementById('root')!).render(<Floor />);
