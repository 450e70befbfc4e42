/** Toolbar action 选择模板新建: opens 选择模板 (the editor's create route). */
import { useEffect } from 'react';
import { Spin } from 'antd';
import { useNavigate } from 'react-router';
import type { CustomWidgetProps } from '../../../engine/registry';
import { EDITOR_PATH } from '../api';

export default function DecorationTemplates({ onClose }: CustomWidgetProps) {
  const navigate = useNavigate();
  useEffect(() => {
    onClose();
    navigate(EDITOR_PATH);
  }, [navigate, onClose]);
  return <Spin />;
}
