/** Row action 预览: the QR code of the page's preview link, inside the action's modal. */
import { QRCode, Typography } from 'antd';
import type { CustomWidgetProps } from '../../../engine/registry';
import { previewLink } from '../PreviewQr';

export default function DecorationPreview({ row }: CustomWidgetProps) {
  const link = previewLink(String(row?.id ?? ''));
  return (
    <div style={{ textAlign: 'center' }}>
      <QRCode value={link} size={200} style={{ margin: '0 auto' }} />
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>用手机扫码预览「{String(row?.name ?? '')}」</Typography.Paragraph>
      <Typography.Paragraph copyable={{ text: link }} style={{ wordBreak: 'break-all' }}>{link}</Typography.Paragraph>
    </div>
  );
}
