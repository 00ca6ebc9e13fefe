import { bandBluePro } from './legacy/band-blue-pro.ts';
import { classicLeft } from './legacy/classic-left.ts';
import { coolWavesPro } from './legacy/cool-waves-pro.ts';
import { elegantGrayPro } from './legacy/elegant-gray-pro.ts';
import { modernRight } from './legacy/modern-right.ts';
import { neatPro } from './legacy/neat-pro.ts';
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

export const LEGACY_TEMPLATES: Record<LegacyTemplateName, Template> = {
  'neat-pro': neatPro,
  'modern-right': modernRight,
  'classic-left': classicLeft,
  'elegant-gray-pro': elegantGrayPro,
  'band-blue-pro': bandBluePro,
  'cool-waves-pro': coolWavesPro,
};
