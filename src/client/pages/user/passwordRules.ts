/** The spec's password rule (core PASSWORD_PATTERN) and the confirmation rule, as antd form rules. */
import type { FormRule } from 'antd';
import { PASSWORD_PATTERN } from '../../../core/validators/formats';
import { MESSAGES } from '../../../core/validators/messages';

export const passwordRules: FormRule[] = [
  { required: true, message: '请输入新密码!' },
  { pattern: PASSWORD_PATTERN, message: MESSAGES.password },
];

export function confirmRules(field: string): FormRule[] {
  return [
    { required: true, message: '请确认新密码!' },
    ({ getFieldValue }) => ({
      validator: (_r, v) => (!v || v === getFieldValue(field) ? Promise.resolve() : Promise.reject(new Error('两次输入的密码不一样！'))),
    }),
  ];
}
