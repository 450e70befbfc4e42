import type { ComponentType as ReactComponent } from 'react';
import type { LiveData } from '../live';

/** What a block renderer receives: its props (the property schema's values) and the live data. */
export interface RendererProps {
  props: Record<string, unknown>;
  live: LiveData;
}
export type Renderer = ReactComponent<RendererProps>;
