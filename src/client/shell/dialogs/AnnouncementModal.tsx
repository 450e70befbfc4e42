/**
 * Announcement detail: the title as heading,
 * `发布人：<sender> 发布时间： <sendTime>`, a divider, msgContent as HTML sanitized with
 * DOMPurify (no scripts, no on* handlers, no javascript: URLs), a fullscreen toggle, footer
 * 关闭 and — when openType is 'url' and readFlag is not 1 — 去处理 (closes, navigates to openPage).
 */
import { useMemo, useState } from 'react';
import { Button, Divider, Modal, Typography } from 'antd';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import DOMPurify from 'dompurify';
import { useRouteNavigate } from '../../app/navigate';
import { titleOf, type Announcement } from '../notice/types';

export interface AnnouncementModalProps {
  open: boolean;
  announcement: Announcement | null;
  onClose: () => void;
}

/** Anything executable left in markup (tags only; escaped text does not match). */
const DANGEROUS = /<\s*(script|iframe|object|embed)\b|<[^>]*\son[a-z]+\s*=|<[^>]*\s(href|src|action|xlink:href|formaction)\s*=\s*["']?\s*(javascript|vbscript|data:text\/html)/i;

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * Sanitized HTML of an announcement body (DOMPurify). Belt and braces: if DOMPurify is not
 * supported by the environment or anything executable survives, the body is shown as text.
 */
export function sanitizeAnnouncementHtml(html: unknown): string {
  if (html === null || html === undefined || html === '') return '';
  const raw = String(html);
  const clean = DOMPurify.isSupported
    ? DOMPurify.sanitize(raw, {
        USE_PROFILES: { html: true },
        FORBID_TAGS: ['style', 'form', 'script', 'iframe', 'object', 'embed'],
        FORBID_ATTR: ['srcdoc'],
      })
    : null;
  if (clean === null || DANGEROUS.test(clean)) return escapeHtml(raw);
  return clean;
}

export function showHandleButton(a: Announcement | null): boolean {
  return !!a && a.openType === 'url' && String(a.readFlag ?? '') !== '1' && !!a.openPage;
}

export function AnnouncementModal({ open, announcement, onClose }: AnnouncementModalProps) {
  const [fullscreen, setFullscreen] = useState(false);
  const navigate = useRouteNavigate();
  const html = useMemo(() => sanitizeAnnouncementHtml(announcement?.msgContent), [announcement?.msgContent]);
  const a = announcement;

  const handle = () => {
    const page = a?.openPage;
    onClose();
    if (page) {
      if (/^https?:/i.test(page)) window.open(page);
      else navigate(page);
    }
  };

  const footer = [
    <Button key="close" onClick={onClose}>
      关闭
    </Button>,
  ];
  if (showHandleButton(a)) {
    footer.push(
      <Button key="handle" type="primary" onClick={handle}>
        去处理
      </Button>,
    );
  }

  return (
    <Modal
      open={open && !!a}
      onCancel={onClose}
      footer={footer}
      // 全屏 fills the viewport: the whole width and height, the content scrolling between header and footer
      width={fullscreen ? '100vw' : '60%'}
      style={fullscreen ? { top: 0, margin: 0, maxWidth: '100vw', paddingBottom: 0 } : undefined}
      styles={fullscreen ? {
        content: { height: '100vh', display: 'flex', flexDirection: 'column', borderRadius: 0 },
        body: { flex: 1, minHeight: 0, overflowY: 'auto' },
      } : undefined}
      destroyOnHidden
      title={
        <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', paddingRight: 32 }}>
          <span>通知消息</span>
          <Button
            type="text"
            size="small"
            aria-label={fullscreen ? '退出全屏' : '全屏'}
            data-testid="announcement-fullscreen"
            icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
            onClick={() => setFullscreen((f) => !f)}
          />
        </div>
      }
      afterOpenChange={(o) => {
        if (!o) setFullscreen(false);
      }}
    >
      {a && (
        <div
          data-testid="announcement-modal"
          style={fullscreen ? undefined : { maxHeight: Math.round((typeof window !== 'undefined' ? window.innerHeight : 800) * 0.6), overflowY: 'auto' }}
        >
          <Typography.Title level={4} style={{ marginTop: 0 }}>
            {titleOf(a)}
          </Typography.Title>
          <div style={{ color: 'rgba(0,0,0,.45)' }}>
            发布人：{a.sender ?? ''} 发布时间： {a.sendTime ?? ''}
          </div>
          <Divider style={{ margin: '12px 0' }} />
          <div className="announcement-content" data-testid="announcement-content" dangerouslySetInnerHTML={{ __html: html }} />
        </div>
      )}
    </Modal>
  );
}

export default AnnouncementModal;
