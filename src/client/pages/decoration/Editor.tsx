/**
 * /homeDecoration/create (lazy route): without `id`, 选择模板; with `?id=`, the editor of that
 * page; `/homeDecoration/preview?id=` draws the page alone, as the phone shows it.
 */
import { useEffect, useState } from 'react';
import { Result, Spin } from 'antd';
import { useLocation, useSearchParams } from 'react-router';
import type { PageProps } from '../registry';
import { loadDecoration, type DecorationRow } from './api';
import { DesignEditor } from './DesignEditor';
import { useLiveData } from './live';
import { PhonePage } from './PhonePage';
import { PREVIEW_PATH } from './PreviewQr';
import { TemplatePicker } from './TemplatePicker';

function Preview({ row }: { row: DecorationRow }) {
  const live = useLiveData();
  return <div style={{ display: 'flex', justifyContent: 'center', padding: 16 }}><PhonePage page={row.page} live={live} /></div>;
}

export default function DecorationEditorPage(_props: PageProps) {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const id = params.get('id');
  const [row, setRow] = useState<DecorationRow | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    setRow(null);
    setError('');
    if (id) loadDecoration(id).then(setRow, (e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, [id]);
  if (!id) return <TemplatePicker />;
  if (error) return <Result status="warning" title={error} />;
  if (!row) return <div style={{ padding: 48, textAlign: 'center' }}><Spin /></div>;
  if (pathname === PREVIEW_PATH) return <Preview row={row} />;
  return <DesignEditor key={row.id} row={row} />;
}
