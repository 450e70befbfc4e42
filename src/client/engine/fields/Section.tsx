import type { ReactNode } from 'react';
import { Divider } from 'antd';

/** A titled group of fields (schema `form.sections`). */
export function Section({ title, children }: { title?: ReactNode; children?: ReactNode }) {
  return (
    <div className="resource-form-section">
      {title ? <Divider orientation="left" orientationMargin={0} style={{ marginTop: 8 }}>{title}</Divider> : null}
      {children}
    </div>
  );
}
