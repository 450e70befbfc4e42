/**
 * 部门切换: loads GET /sys/user/getCurrentUserDeparts; no
 * departments -> warning 您尚未设置部门信息! and close; the title shows
 * `（当前部门 : <name>）`; 确认 without a choice puts the select in error status; otherwise
 * POST /sys/selectDepart {orgCode, username} and stores result.userInfo (7 days + the atom).
 */
import { FORM_LABEL_LAYOUT } from '../../../core/projections/form-layout';
import { useEffect, useState } from 'react';
import { Form, Modal, Select, Tooltip } from 'antd';
import { useAtomValue } from 'jotai';
import { feedback, http } from '../../api/index';
import { appStore, userInfoAtom } from '../../state/atoms';
import { KEYS, ls, SESSION_TTL_MS } from '../../state/storage';
import type { UserInfo } from '../../state/types';

export interface Depart {
  id: string;
  orgCode: string;
  departName: string;
}

export const DEPART_TEXTS = {
  title: '部门切换',
  none: '您尚未设置部门信息!',
  placeholder: '请选择登录部门',
  tooltip: '您隶属于多部门，请选择当前所在部门',
} as const;

export interface DepartPickerProps {
  open: boolean;
  onClose: () => void;
}

export function DepartPicker({ open, onClose }: DepartPickerProps) {
  const user = useAtomValue(userInfoAtom, { store: appStore });
  const [list, setList] = useState<Depart[]>([]);
  const [current, setCurrent] = useState<string | undefined>();
  const [value, setValue] = useState<string | undefined>();
  const [error, setError] = useState(false);
  const [ready, setReady] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) {
      setReady(false);
      return;
    }
    let alive = true;
    setError(false);
    void (async () => {
      let departs: Depart[] = [];
      let orgCode: string | undefined;
      try {
        const env = await http.get<{ list: Depart[]; orgCode?: string }>('/sys/user/getCurrentUserDeparts');
        if (env.success && env.result) {
          departs = Array.isArray(env.result.list) ? env.result.list : [];
          orgCode = env.result.orgCode || undefined;
        }
      } catch {
        /* shown by the request layer */
      }
      if (!alive) return;
      if (departs.length === 0) {
        feedback.message.warning(DEPART_TEXTS.none);
        onClose();
        return;
      }
      setList(departs);
      setCurrent(orgCode);
      setValue(orgCode && departs.some((d) => d.orgCode === orgCode) ? orgCode : undefined);
      setReady(true);
    })();
    return () => {
      alive = false;
    };
  }, [open]);

  async function confirm() {
    if (!value) {
      setError(true);
      return;
    }
    setSaving(true);
    try {
      const env = await http.post<{ userInfo?: UserInfo }>('/sys/selectDepart', { orgCode: value, username: user?.username });
      if (env.success) {
        const info = env.result?.userInfo;
        if (info) {
          const next = { ...(appStore.get(userInfoAtom) ?? {}), ...info };
          ls.set(KEYS.userInfo, next, SESSION_TTL_MS);
          appStore.set(userInfoAtom, next);
        }
        if (env.message) feedback.message.success(env.message);
        onClose();
      } else {
        feedback.message.warning(env.message || '切换失败');
      }
    } catch {
      /* shown by the request layer */
    } finally {
      setSaving(false);
    }
  }

  const currentName = list.find((d) => d.orgCode === current)?.departName;
  return (
    <Modal
      title={`${DEPART_TEXTS.title}${currentName ? `（当前部门 : ${currentName}）` : ''}`}
      open={open && ready}
      width={450}
      onOk={() => void confirm()}
      onCancel={onClose}
      okText="确认"
      cancelText="关闭"
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form {...FORM_LABEL_LAYOUT}>
        <Form.Item label="部门" validateStatus={error ? 'error' : undefined} help={error ? DEPART_TEXTS.placeholder : undefined}>
          <Tooltip title={DEPART_TEXTS.tooltip} placement="topLeft">
            <Select
              data-testid="depart-select"
              placeholder={DEPART_TEXTS.placeholder}
              status={error ? 'error' : undefined}
              value={value}
              onChange={(v: string) => {
                setValue(v);
                setError(false);
              }}
              options={list.map((d) => ({ value: d.orgCode, label: d.departName }))}
              style={{ width: '100%' }}
            />
          </Tooltip>
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default DepartPicker;
