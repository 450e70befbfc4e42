/**
 * 预览: a QR code of the page's preview link (antd's QRCode, loaded with this lazy chunk only),
 * to open on a phone, and the link itself.
 */
import { Modal, QRCode, Typography } from 'antd';

export const PREVIEW_PATH = '/homeDecoration/preview';
export const previewLink = (id: string) => `${window.location.origin}${PREVIEW_PATH}?id=${encodeURIComponent(id)}`;

export function PreviewQr({ id, name, onClose }: { id: string; name: string; onClose: () => void }) {
  const link = previewLink(id);
  return (
    <Modal open title={`预览：${name}`} footer={null} onCancel={onClose} width={360} destroyOnHidden>
      <div style={{ textAlign: 'center' }}>
        <QRCode value={link} size={200} style={{ margin: '0 auto' }} />
        <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>用手机扫码预览</Typography.Paragraph>
        <Typography.Paragraph copyable={{ text: link }} style={{ wordBreak: 'break-all' }} data-testid="preview-link">{link}</Typography.Paragraph>
      </div>
    </Modal>
  );
}
