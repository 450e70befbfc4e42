import { Tag } from 'antd';
import { useDictItems } from '../../engine/fields/useDict';
import { PRIORITY_DICT } from './types';

/** A notice's priority by the one dictionary (the bell and 我的消息 alike): its name and colour. */
export function PriorityTag({ priority }: { priority?: string | null }) {
  const { items } = useDictItems(PRIORITY_DICT);
  const p = priority ? items.find((i) => String(i.value) === String(priority)) : undefined;
  if (!p) return null;
  return <Tag color={p.color} data-testid="priority-tag">{p.text}</Tag>;
}
