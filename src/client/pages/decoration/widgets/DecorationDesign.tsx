/** Row action 装修: opens the page in the editor (the modal closes as the route changes). */
import { useEffect } from 'react';
import { Spin } from 'antd';
import { useNavigate } from 'react-router';
import type { CustomWidgetProps } from '../../../engine/registry';
import { editorPathOf } from '../api';

export default function DecorationDesign({ row, onClose }: CustomWidgetProps) {
  const navigate = useNavigate();
  useEffect(() => {
    onClose();
    if (row?.id) navigate(editorPathOf(String(row.id)));
  }, [row, navigate, onClose]);
  return <Spin />;
}
