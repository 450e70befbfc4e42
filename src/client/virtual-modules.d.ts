/** Modules vite.config.ts generates at build time. */
declare module 'virtual:menu-paths' {
  /** menu path -> module name, for every schema with a menu block */
  const paths: Record<string, string>;
  export default paths;
}
