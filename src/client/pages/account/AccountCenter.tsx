/**
 * 个人中心: the profile card (avatar, name, account, roles, departments, tenant, contacts),
 * the user's own tags (kept per user on the server) and recent activity (the caller's own
 * operation-log rows, as the workplace shows them).
 */
import { useEffect, useState } from 'react';
import { Tag } from 'antd';
import { Face, Panel, Rows } from './Rows';
import { PlusOutlined } from '@ant-design/icons';
import { getFileAccessHttpUrl } from '../../api/config';
import { feedback } from '../../api/feedback';
import { fetchWorkplace, type WorkplaceData } from '../dashboard/api';
import { fetchProfile, fetchTags, saveTags, type Profile } from './api';

const MAX_TAGS = 20;

function Tags() {
  const [tags, setTags] = useState<string[]>([]);
  const [adding, setAdding] = useState(false);
  const [text, setText] = useState('');
  useEffect(() => {
    fetchTags().then(setTags, () => undefined);
  }, []);
  const store = async (next: string[]) => {
    const env = await saveTags(next);
    if (env.success) setTags(next);
    else feedback.message.warning(env.message);
  };
  const add = () => {
    const t = text.trim().slice(0, 20);
    setAdding(false);
    setText('');
    if (t && !tags.includes(t) && tags.length < MAX_TAGS) void store([...tags, t]);
  };
  return (
    <div data-testid="account-tags">
      {tags.map((t) => (
        <Tag key={t} closable onClose={() => void store(tags.filter((x) => x !== t))} style={{ marginBottom: 8 }}>
          {t}
        </Tag>
      ))}
      {adding ? (
        <input
          className="ant-input ant-input-sm ant-input-outlined"
          autoFocus
          style={{ width: 100 }}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onBlur={add}
          onKeyDown={(e) => e.key === 'Enter' && add()}
          maxLength={20}
          aria-label="新标签"
        />
      ) : (
        <Tag onClick={() => setAdding(true)} style={{ borderStyle: 'dashed', cursor: 'pointer' }}>
          <PlusOutlined /> 新标签
        </Tag>
      )}
    </div>
  );
}

export default function AccountCenter() {
  const [profile, setProfile] = useState<Profile | null>(null);
  const [work, setWork] = useState<WorkplaceData | null>(null);
  useEffect(() => {
    fetchProfile().then(setProfile, (e: Error) => feedback.message.error(e.message));
    fetchWorkplace().then(setWork, () => setWork({ pending: [], activity: [], links: [] }));
  }, []);
  const u = profile?.userInfo;
  return (
    <div data-testid="account-center" style={{ display: 'flex', gap: 24, flexWrap: 'wrap', alignItems: 'flex-start' }}>
      <Panel style={{ flex: '1 1 280px', maxWidth: 400 }}>
          <div style={{ textAlign: 'center', marginBottom: 24 }}>
            <Face size={104} src={u?.avatar ? getFileAccessHttpUrl(u.avatar) : undefined} />
            <h3 style={{ marginTop: 12, marginBottom: 4 }} data-testid="center-realname">
              {u?.realname || u?.username}
            </h3>
            <div style={{ color: 'rgba(0,0,0,.45)' }}>{u?.username}</div>
          </div>
          <p>机构：{profile?.tenantName || '-'}</p>
          <p>部门：{profile?.departs.length ? profile.departs.join('、') : '-'}</p>
          <p>手机：{u?.phone || '-'}</p>
          <p>邮箱：{u?.email || '-'}</p>
          <div>
            角色：
            {profile?.roles.length ? profile.roles.map((r) => <Tag key={r} color="blue">{r}</Tag>) : '-'}
          </div>
          <hr style={{ border: 'none', borderTop: '1px dashed #e8e8e8', margin: '24px 0' }} />
          <div style={{ marginBottom: 8, fontWeight: 500 }}>标签</div>
          <Tags />
      </Panel>
      <Panel title="最近动态" style={{ flex: '2 1 400px' }}>
          <Rows testId="center-activity" empty="暂无动态" items={(work?.activity ?? []).map((a, i) => ({ key: String(i), title: a.text, description: a.time }))} />
      </Panel>
    </div>
  );
}
