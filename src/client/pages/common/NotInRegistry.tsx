/** Shown for a menu component that the page registry does not know. */
export default function NotInRegistry({ component, title }: { component: string; title?: string }) {
  return (
    <div style={{ padding: 24, background: '#fff', minHeight: 200 }} data-testid="page-not-in-registry">
      <h2 style={{ marginTop: 0 }}>{title ?? '页面'}</h2>
      <p style={{ color: 'rgba(0,0,0,.45)' }}>
        页面组件 <code>{component}</code> 未在页面注册表中找到。
      </p>
    </div>
  );
}
