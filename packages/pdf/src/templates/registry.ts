import { bold } from './bold.ts';
import { classic } from './classic.ts';
import { LEGACY_TEMPLATES, type LegacyTemplateName } from './legacy-registry.ts';
import { minimal } from './minimal.ts';
import { modern } from './modern.ts';
import { navy } from './navy.ts';
import type { Template } from './template.ts';

/** The five templates of the spec; `classic` is the default. */
export const TEMPLATES: Record<string, Template> = { classic, modern, bold, minimal, navy };

/** A current or legacy template by name; unknown names fall back to `classic`. */
export function templateFor(name: string | undefined): Template {
  if (!name) return classic;
  return TEMPLATES[name] ?? LEGACY_TEMPLATES[name as LegacyTemplateName] ?? classic;
}
