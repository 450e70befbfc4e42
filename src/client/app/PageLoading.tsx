/** Tiny loading indicator (kept free of antd so the entry chunk stays small). */
export function PageLoading() {
  return (
    <div
      role="status"
      aria-label="加载中"
      style={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: 200, color: 'rgba(0,0,0,.45)' }}
    >
      加载中...
    </div>
  );
}
