/** Placeholder of a public (no-login) page. */
export default function PublicPlaceholder({ title }: { title: string }) {
  return (
    <div style={{ maxWidth: 720, margin: '80px auto', padding: 24, textAlign: 'center' }}>
      <h2>{title}</h2>
      <p style={{ color: 'rgba(0,0,0,.45)' }}>该页面正在建设中。</p>
    </div>
  );
}
