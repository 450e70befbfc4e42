/**
 * Excel import (lazy chunk): 下载模板 -> choose a file ->
 * dry run (`importExcel?dryRun=1`) -> a table of row errors (行号, 字段, 错误信息)
 * or 全部 N 行校验通过 -> 确认导入 (`dryRun=0`) -> success with the count.
 * Nothing is committed while the dry run reports errors.
 */
import { useState } from 'react';
import { Alert, Button, Modal, Space, Table, Upload } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { ResourceSchema } from '../../core/schema/types';
import { feedback, saveBlob } from '../api';
import { importExcel, importTemplate, type ImportReport, type ImportRowError } from './api';

export const IMPORT_TEXTS = {
  title: (t: string) => `导入${t}`,
  template: '下载模板',
  choose: '选择文件',
  check: '校验',
  commit: '确认导入',
  close: '关闭',
  allValid: (n: number) => `全部 ${n} 行校验通过`,
  invalid: (n: number, bad: number) => `共 ${n} 行，${bad} 行有错误，请修改后重新选择文件`,
  imported: (n: number) => `导入成功，共 ${n} 条！`,
  row: '行号',
  field: '字段',
  message: '错误信息',
} as const;

export interface ImportModalProps {
  schema: ResourceSchema;
  onClose: () => void;
  onImported: () => void;
}

export default function ImportModal({ schema, onClose, onImported }: ImportModalProps) {
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [busy, setBusy] = useState<'template' | 'check' | 'commit' | null>(null);

  const template = async () => {
    setBusy('template');
    try {
      saveBlob(await importTemplate(schema), `${schema.title}导入模板.xlsx`);
    } catch {
      // shown by the request layer
    } finally {
      setBusy(null);
    }
  };

  const check = async (f: File) => {
    setBusy('check');
    setReport(null);
    try {
      const res = await importExcel(schema, f, true);
      if (res.success && res.result) setReport(res.result);
      else {
        if (res.result && Array.isArray(res.result.errors)) setReport(res.result);
        void feedback.message.warning(res.message);
      }
    } catch {
      // shown by the request layer
    } finally {
      setBusy(null);
    }
  };

  const commit = async () => {
    if (!file) return;
    setBusy('commit');
    try {
      const res = await importExcel(schema, file, false);
      if (res.success) {
        void feedback.message.success(IMPORT_TEXTS.imported(Number(res.result?.inserted ?? res.result?.total ?? 0)));
        onImported();
        onClose();
      } else {
        if (res.result && Array.isArray(res.result.errors)) setReport(res.result);
        void feedback.message.warning(res.message);
      }
    } catch {
      // shown by the request layer
    } finally {
      setBusy(null);
    }
  };

  const errors: ImportRowError[] = report?.errors ?? [];
  const valid = !!report && errors.length === 0 && Number(report.invalid ?? 0) === 0;

  return (
    <Modal open title={IMPORT_TEXTS.title(schema.entity)} width={720} onCancel={onClose} destroyOnHidden maskClosable={false}
      data-testid="import-modal"
      footer={(
        <Space>
          <Button onClick={onClose}>{IMPORT_TEXTS.close}</Button>
          <Button type="primary" disabled={!valid} loading={busy === 'commit'} onClick={commit}>{IMPORT_TEXTS.commit}</Button>
        </Space>
      )}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space>
          <Button icon={<DownloadOutlined />} loading={busy === 'template'} onClick={template}>{IMPORT_TEXTS.template}</Button>
          <Upload accept=".xlsx,.xls" maxCount={1} showUploadList={false}
            beforeUpload={(f) => {
              setFile(f);
              void check(f);
              return false;
            }}>
            <Button icon={<UploadOutlined />} loading={busy === 'check'}>{IMPORT_TEXTS.choose}</Button>
          </Upload>
          {file && <span>{file.name}</span>}
        </Space>
        {report && valid && <Alert type="success" showIcon message={IMPORT_TEXTS.allValid(Number(report.valid ?? report.total))} />}
        {report && !valid && (
          <>
            <Alert type="error" showIcon message={IMPORT_TEXTS.invalid(Number(report.total), Number(report.invalid ?? new Set(errors.map((e) => e.row)).size))} />
            <Table<ImportRowError & { _k: number }>
              size="small"
              data-testid="import-errors"
              rowKey="_k"
              pagination={errors.length > 10 ? { pageSize: 10, size: 'small' } : false}
              dataSource={errors.map((e, i) => ({ ...e, _k: i }))}
              columns={[
                { title: IMPORT_TEXTS.row, dataIndex: 'row', width: 72 },
                { title: IMPORT_TEXTS.field, dataIndex: 'title', width: 140, render: (_v, e) => e.title ?? e.field ?? '-' },
                { title: IMPORT_TEXTS.message, dataIndex: 'message' },
              ]}
            />
          </>
        )}
      </Space>
    </Modal>
  );
}
