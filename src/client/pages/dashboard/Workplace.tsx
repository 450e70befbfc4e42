import { Card } from 'antd';
import { useAtomValue } from 'jotai';
import { appStore, userInfoAtom } from '../../state/atoms';
import { timeFix } from '../../state/greeting';
import type { PageProps } from '../registry';

/** Workplace placeholder (used when the menu routes a `dashboard/Workplace` component). */
export default function Workplace({ title }: PageProps) {
  const user = useAtomValue(userInfoAtom, { store: appStore });
  return (
    <Card title={title ?? '工作台'}>
      {timeFix()}，{user?.realname ?? ''}，祝你开心每一天！
    </Card>
  );
}
