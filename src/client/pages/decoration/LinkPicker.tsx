/**
 * Link picker of the property forms: an internal page, a doctor, an article, a department (the
 * tenant's records, searched through their lists) or an external URL. The value keeps the
 * label the operator saw, so the panel shows a name rather than an id.
 */
import { useEffect, useState } from 'react';
import { Input, Select, Space } from 'antd';
import { connect } from '@formily/react';
import { INTERNAL_PAGES, LINK_RESOURCES, LINK_TYPE_TITLES } from '../../../core/decoration/links';
import type { LinkType, LinkValue } from '../../../core/decoration/types';
import { http } from '../../api';

/** The field a record link searches and shows, per resource. */
const LABEL_FIELD: Record<string, string> = { hisDoctor: 'realname', hisArticle: 'title', hisDepartment: 'name' };

function RecordSelect({ resource, value, label, onChange, id }: { resource: string; value: string; label?: string; onChange: (v: string, label: string) => void; id?: string }) {
  const [keyword, setKeyword] = useState('');
  const [options, setOptions] = useState<Array<{ value: string; label: string }>>([]);
  const field = LABEL_FIELD[resource] ?? 'name';
  useEffect(() => {
    let alive = true;
    const t = setTimeout(() => {
      const q: Record<string, string> = { pageNo: '1', pageSize: '20' };
      if (keyword) q[field] = `*${keyword}*`;
      http.get<{ records: Array<Record<string, unknown>> }>(`/${resource}/list`, q).then(
        (r) => alive && setOptions((r.result?.records ?? []).map((x) => ({ value: String(x.id), label: String(x[field] ?? x.id) }))),
        () => undefined,
      );
    }, 250);
    return () => {
      alive = false;
      clearTimeout(t);
    };
  }, [resource, keyword, field]);
  const all = value && !options.some((o) => o.value === value) ? [{ value, label: label || value }, ...options] : options;
  return (
    <Select
      id={id}
      showSearch
      filterOption={false}
      onSearch={setKeyword}
      placeholder="请选择"
      value={value || undefined}
      options={all}
      onChange={(v: string) => onChange(v, all.find((o) => o.value === v)?.label ?? v)}
      style={{ flex: 1, minWidth: 0 }}
      aria-label="链接目标"
    />
  );
}

export function LinkPicker({ value, onChange, id }: { value?: LinkValue | null; onChange?: (v: LinkValue | null) => void; id?: string }) {
  const type: LinkType = value?.type ?? 'page';
  const set = (v: LinkValue | null) => onChange?.(v);
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Select
        aria-label="链接类型"
        style={{ width: 104 }}
        value={type}
        options={(Object.keys(LINK_TYPE_TITLES) as LinkType[]).map((t) => ({ value: t, label: LINK_TYPE_TITLES[t] }))}
        onChange={(t: LinkType) => set({ type: t, value: '' })}
      />
      {type === 'page' && (
        <Select
          id={id}
          aria-label="链接目标"
          placeholder="请选择页面"
          style={{ flex: 1 }}
          value={value?.value || undefined}
          options={Object.entries(INTERNAL_PAGES).map(([k, t]) => ({ value: k, label: t }))}
          onChange={(v: string) => set({ type: 'page', value: v, label: INTERNAL_PAGES[v] })}
          allowClear
          onClear={() => set(null)}
        />
      )}
      {type === 'url' && <Input id={id} aria-label="链接目标" placeholder="https://" value={value?.value ?? ''} onChange={(e) => set({ type: 'url', value: e.target.value })} />}
      {LINK_RESOURCES[type] && (
        <RecordSelect id={id} resource={LINK_RESOURCES[type]!} value={value?.value ?? ''} label={value?.label} onChange={(v, label) => set({ type, value: v, label })} />
      )}
    </Space.Compact>
  );
}

export const FormLinkPicker = connect(LinkPicker);
