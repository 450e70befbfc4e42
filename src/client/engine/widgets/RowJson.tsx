/** JsonView (custom widget): the row as formatted JSON, read-only. */
import type { CustomWidgetProps } from '../registry';

export default function RowJson({ row, rows }: CustomWidgetProps) {
  const data = row ?? rows ?? null;
  return (
    <pre style={{ margin: 0, maxHeight: 480, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
      {JSON.stringify(data, null, 2)}
    </pre>
  );
}
