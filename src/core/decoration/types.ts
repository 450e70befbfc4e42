/**
 * Home-page decoration (店铺装修 / 微页面): the page JSON an operator designs and the patient app
 * renders. A page is settings plus an ordered list of component nodes; a node's `props` follow
 * the property schema of its type (components.ts).
 */

/** Where a link points: an internal page of the app, a record, or an external address. */
export type LinkType = 'page' | 'doctor' | 'article' | 'department' | 'url';

export interface LinkValue {
  type: LinkType;
  /** Page key, record id or URL. */
  value: string;
  /** What the operator saw when picking it (a doctor's name…), for the property panel. */
  label?: string;
}

export interface DecorationNode {
  /** Stable within the page (drag keys, selection). */
  id: string;
  type: string;
  /** Hidden nodes stay in the draft but are neither validated nor published. */
  hidden?: boolean;
  props: Record<string, unknown>;
}

export interface PageSettings {
  title: string;
  /** CSS colour of the page background. */
  background: string;
  /** Text shown when the page is shared. */
  shareText: string;
}

export interface DecorationPage {
  settings: PageSettings;
  components: DecorationNode[];
}

/** A property schema: JSON Schema plus Formily's `x-` keys (rendered by the module-form engine). */
export interface PropertySchema {
  type: 'object' | 'array' | 'string' | 'number' | 'boolean' | 'void';
  title?: string;
  /** `image`: an uploaded file path; `link`: a LinkValue; `color`: a CSS colour. */
  format?: 'image' | 'link' | 'color';
  required?: string[];
  properties?: Record<string, PropertySchema>;
  items?: PropertySchema;
  minItems?: number;
  maxItems?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  enum?: Array<string | number>;
  default?: unknown;
  [formilyKey: `x-${string}`]: unknown;
}
