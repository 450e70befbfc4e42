/** Modules vite.config.ts generates at build time. */
declare module 'virtual:menu-starts' {
  import type { FirstListStart } from '../core/projections/firstList';
  /** menu path -> the module's first calls (core firstListStart), for every schema with a menu block */
  const starts: Record<string, FirstListStart>;
  export default starts;
}
