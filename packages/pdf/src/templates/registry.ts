import { bold } from './bold.ts';
import { classic } from './classic.ts';
import { minimal } from './minimal.ts';
import { modern } from './modern.ts';
import { navy } from './navy.ts';
import type { Template } from './template.ts';

/** The five templates of the spec; `classic` is the default. */
export const TEMPLATES: Record<string, Template> = { classic, modern, bold, minimal, navy };

export function templateFor(name: string | undefined): Template {
  return (name && TEMPLATES[name]) || classic;
}
