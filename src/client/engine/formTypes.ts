import type { ResourceSchema } from '../../core/schema/types';
import type { Row } from './api';

export type FormMode = 'create' | 'edit' | 'detail';

export interface ResourceFormProps {
  schema: ResourceSchema;
  /** What is open; null = closed (the container animates out). */
  target: { mode: FormMode; id?: string; row?: Row } | null;
  onClose: () => void;
  /** After a successful add/edit: close and reload the list. */
  onSaved: () => void;
}

export function formTitle(schema: ResourceSchema, mode: FormMode): string {
  if (mode === 'create') return `新增${schema.entity}`;
  if (mode === 'edit') return `编辑${schema.entity}`;
  return `${schema.entity}详情`;
}
