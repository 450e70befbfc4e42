/**
 * Upload widgets (form chunk): antd Upload posting to /sys/common/upload
 * (multipart `file`, `biz`); the stored value is the relative path, several
 * paths comma-joined (`images`); previews through getFileAccessHttpUrl.
 */
import { useMemo } from 'react';
import { Button, Upload, type UploadFile } from 'antd';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { feedback, getFileAccessHttpUrl } from '../../api';
import { uploadFile } from '../api';
import { fromList, toList } from './values';

export interface UploadProps {
  value?: unknown;
  onChange?: (value: string | undefined) => void;
  disabled?: boolean;
  multiple?: boolean;
  /** Most files (default 1, or 9 with multiple). */
  max?: number;
  biz?: string;
  accept?: string;
  id?: string;
}

const nameOf = (p: string) => p.slice(p.lastIndexOf('/') + 1) || p;

function useFileList(value: unknown): UploadFile[] {
  return useMemo(() => toList(value).map((p) => ({ uid: p, name: nameOf(p), status: 'done' as const, url: getFileAccessHttpUrl(p), response: p })), [value]);
}

function customRequest(biz: string) {
  return (opts: { file: unknown; onSuccess?: (body: unknown) => void; onError?: (e: Error) => void }) => {
    uploadFile(opts.file as Blob & { name?: string }, biz).then(
      (res) => {
        if (res.success && typeof res.result === 'string') opts.onSuccess?.(res.result);
        else {
          void feedback.message.warning(res.message || '上传失败');
          opts.onError?.(new Error(res.message || '上传失败'));
        }
      },
      (e: unknown) => opts.onError?.(e instanceof Error ? e : new Error(String(e))),
    );
  };
}

/** Paths of the finished files, in list order. */
function pathsOf(list: UploadFile[]): string[] {
  return list.filter((f) => f.status === 'done').map((f) => (typeof f.response === 'string' ? f.response : f.uid));
}

function BaseUpload(props: UploadProps & { image: boolean }) {
  const { value, onChange, disabled, multiple, image, biz = 'temp', accept } = props;
  const max = props.max ?? (multiple ? 9 : 1);
  const done = useFileList(value);
  // files in flight live only in antd's list; the value holds finished paths
  const onListChange = ({ file, fileList }: { file: UploadFile; fileList: UploadFile[] }) => {
    if (file.status === 'done' || file.status === 'removed') onChange?.(fromList(pathsOf(fileList).slice(-max)));
  };
  return (
    <Upload
      id={props.id}
      accept={accept ?? (image ? 'image/*' : undefined)}
      listType={image ? 'picture-card' : 'text'}
      multiple={!!multiple}
      maxCount={max}
      disabled={disabled}
      defaultFileList={done}
      key={done.map((f) => f.uid).join(',')}
      customRequest={customRequest(biz) as never}
      onChange={onListChange}
    >
      {done.length >= max || disabled ? null : image
        ? <div><PlusOutlined /><div style={{ marginTop: 8 }}>上传</div></div>
        : <Button icon={<UploadOutlined />}>上传文件</Button>}
    </Upload>
  );
}

export function ImageUpload(props: UploadProps) {
  return <BaseUpload {...props} image />;
}

export function FileUpload(props: UploadProps) {
  return <BaseUpload {...props} image={false} />;
}
