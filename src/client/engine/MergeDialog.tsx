/**
 * Shown when a save comes back 409 数据已被他人修改: someone saved the record after this form
 * loaded it. Lists the fields the other person changed (latest vs. what this form loaded),
 * each beside the user's own value, and offers three ways on:
 * - 以我的为准: save the user's values over the latest version as they are;
 * - 使用最新: take the other person's values for the fields they changed, keep the user's other
 *   edits, and return to the form to review and save again;
 * - 逐项选择: choose mine or theirs per conflicting field, then return to the form.
 * Nothing the user typed is lost until they choose.
 */
import { useMemo, useState } from 'react';
import { Button, Modal, Radio, Space, Table, Typography } from 'antd';
import type { FieldSchema } from '../../core/schema/types';
import type { Row } from './api';

export const MERGE_TEXTS = {
  title: '数据已被他人修改',
  intro: '您编辑期间，其他人保存了这条记录。以下字段已被修改：',
  field: '字段',
  mine: '我的值',
  theirs: '最新值（他人修改）',
  keepMine: '以我的为准',
  useLatest: '使用最新',
  pick: '逐项选择',
  applyPicked: '应用选择',
  cancel: '取消',
  empty: '-',
} as const;

export interface MergeConflict {
  /** The record as this form loaded it. */
  base: Row;
  /** The record as stored now (the 409 answer's `current`). */
  latest: Row;
  /** The values the user tried to save. */
  mine: Row;
}

export type MergeChoice =
  | { kind: 'keepMine' }
  /** Values to put into the form (field key -> value), then the user saves again. */
  | { kind: 'merge'; values: Row };

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null) || String(a ?? '') === String(b ?? '');

/** Fields the other person changed since the form loaded, in form order. */
export function changedByOthers(fields: FieldSchema[], c: MergeConflict): FieldSchema[] {
  return fields.filter((f) => !f.writeOnly && f.key in c.latest && !same(c.base[f.key], c.latest[f.key]));
}

function shown(f: FieldSchema, v: unknown, ...sources: Row[]): string {
  if (v === undefined || v === null || v === '') return MERGE_TEXTS.empty;
  for (const s of sources) if (same(s[f.key], v) && typeof s[`${f.key}_dictText`] === 'string') return String(s[`${f.key}_dictText`]);
  return Array.isArray(v) ? v.join(',') : typeof v === 'object' ? JSON.stringify(v) : String(v);
}

export function MergeDialog({ conflict, fields, onChoose, onCancel }: {
  conflict: MergeConflict | null;
  fields: FieldSchema[];
  onChoose: (choice: MergeChoice) => void;
  onCancel: () => void;
}) {
  const [picking, setPicking] = useState(false);
  const [picks, setPicks] = useState<Record<string, 'mine' | 'theirs'>>({});
  const changed = useMemo(() => (conflict ? changedByOthers(fields, conflict) : []), [conflict, fields]);
  if (!conflict) return null;

  const take = (choose: (f: FieldSchema) => 'mine' | 'theirs'): MergeChoice => {
    const values: Row = {};
    for (const f of changed) values[f.key] = choose(f) === 'theirs' ? conflict.latest[f.key] : conflict.mine[f.key];
    return { kind: 'merge', values };
  };
  const close = () => {
    setPicking(false);
    setPicks({});
  };
  const rows = changed.map((f) => ({ key: f.key, f }));

  return (
    <Modal
      open
      data-testid="merge-dialog"
      title={MERGE_TEXTS.title}
      width={720}
      maskClosable={false}
      onCancel={() => {
        close();
        onCancel();
      }}
      footer={
        <Space>
          <Button onClick={() => { close(); onCancel(); }}>{MERGE_TEXTS.cancel}</Button>
          {picking ? (
            <Button type="primary" onClick={() => { const c = take((f) => picks[f.key] ?? 'mine'); close(); onChoose(c); }}>
              {MERGE_TEXTS.applyPicked}
            </Button>
          ) : (
            <>
              <Button onClick={() => setPicking(true)}>{MERGE_TEXTS.pick}</Button>
              <Button onClick={() => { const c = take(() => 'theirs'); close(); onChoose(c); }}>{MERGE_TEXTS.useLatest}</Button>
              <Button type="primary" onClick={() => { close(); onChoose({ kind: 'keepMine' }); }}>{MERGE_TEXTS.keepMine}</Button>
            </>
          )}
        </Space>
      }
    >
      <Typography.Paragraph>{MERGE_TEXTS.intro}</Typography.Paragraph>
      <Table
        size="small"
        pagination={false}
        dataSource={rows}
        columns={[
          { title: MERGE_TEXTS.field, dataIndex: 'f', render: (f: FieldSchema) => f.title, width: 160 },
          {
            title: MERGE_TEXTS.mine,
            render: (_: unknown, r: { f: FieldSchema }) => {
              const text = shown(r.f, conflict.mine[r.f.key], conflict.base, conflict.latest);
              return picking ? <Radio checked={(picks[r.f.key] ?? 'mine') === 'mine'} onChange={() => setPicks({ ...picks, [r.f.key]: 'mine' })}>{text}</Radio> : text;
            },
          },
          {
            title: MERGE_TEXTS.theirs,
            render: (_: unknown, r: { f: FieldSchema }) => {
              const text = shown(r.f, conflict.latest[r.f.key], conflict.latest);
              return picking ? <Radio checked={picks[r.f.key] === 'theirs'} onChange={() => setPicks({ ...picks, [r.f.key]: 'theirs' })}>{text}</Radio> : text;
            },
          },
        ]}
      />
      {conflict.latest.updateBy ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          最后修改：{String(conflict.latest.updateBy)} {String(conflict.latest.updateTime ?? '')}
        </Typography.Paragraph>
      ) : null}
    </Modal>
  );
}
