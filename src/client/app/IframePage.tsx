/** `layouts/IframePageView`: the menu's meta.url in an iframe (`${token}` replaced). */
import { useEffect } from 'react';
import { getToken } from '../state/storage';

export function IframePage({ url, external }: { url?: string; external?: boolean }) {
  const src = (url ?? '').replace('${token}', getToken() ?? '');
  useEffect(() => {
    if (external && src) window.open(src);
  }, [external, src]);
  if (!src) return null;
  if (external) return <div style={{ padding: 24 }}>已在新窗口打开：{src}</div>;
  return <iframe title="iframe" src={src} style={{ width: '100%', height: 800, border: 0 }} />;
}
