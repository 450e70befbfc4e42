/**
 * The notice bell's panel: the 通知 and 系统消息 tabs with their latest items, 全部已读 and
 * 查看更多. In its own chunk (NoticeBell loads it when the bell is reached or opened).
 */
import { Button, List, Tabs } from 'antd';
import { titleOf, type Announcement, type AnnouncementList } from './types';
import { PriorityTag } from './PriorityTag';

export interface NoticePanelProps {
  list: AnnouncementList;
  onOpen: (a: Announcement) => void;
  onMore: () => void;
  onReadAll: () => void;
}

function NoticeItems({ items, onOpen, onMore }: { items: Announcement[]; onOpen: (a: Announcement) => void; onMore: () => void }) {
  return (
    <div>
      <List
        size="small"
        dataSource={items}
        locale={{ emptyText: '暂无消息' }}
        style={{ maxHeight: 320, overflowY: 'auto' }}
        renderItem={(a) => (
          <List.Item key={a.id} style={{ padding: '8px 0' }}>
            <List.Item.Meta
              title={
                <a onClick={() => onOpen(a)} data-testid="notice-item">
                  {titleOf(a)}
                </a>
              }
              description={<span>{a.createTime ?? a.sendTime ?? ''} 发布</span>}
            />
            <PriorityTag priority={a.priority} />
          </List.Item>
        )}
      />
      <Button type="dashed" block onClick={onMore} style={{ marginTop: 8 }}>
        查看更多
      </Button>
    </div>
  );
}

export function NoticePanel({ list, onOpen, onMore, onReadAll }: NoticePanelProps) {
  const total = list.anntMsgTotal + list.sysMsgTotal;
  return (
    <Tabs
      size="small"
      defaultActiveKey="1"
      centered
      tabBarExtraContent={
        total > 0 ? (
          <a onClick={onReadAll} style={{ fontSize: 12 }}>
            全部已读
          </a>
        ) : undefined
      }
      items={[
        { key: '1', label: `通知(${list.anntMsgTotal})`, children: <NoticeItems items={list.anntMsgList} onOpen={onOpen} onMore={onMore} /> },
        { key: '2', label: `系统消息(${list.sysMsgTotal})`, children: <NoticeItems items={list.sysMsgList} onOpen={onOpen} onMore={onMore} /> },
      ]}
    />
  );
}
