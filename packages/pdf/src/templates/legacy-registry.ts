import type { Template } from './template.ts';

/** The six templates of the legacy render interface (D11: distinct designs, not aliases of TEMPLATES). */
export const LEGACY_TEMPLATE_NAMES = [
  'neat-pro',
  'modern-right',
  'classic-left',
  'elegant-gray-pro',
  'band-blue-pro',
  'cool-waves-pro',
] as const;
export type LegacyTemplateName = (typeof LEGACY_TEMPLATE_NAMES)[number];

/** Filled in as the designs land; a name missing here falls back to the default template. */
export const LEGACY_TEMPLATES: Partial<Record<LegacyTemplateName, Template>> = {};
