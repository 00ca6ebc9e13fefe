import { type Labels, labelsFor } from '@invoice/i18n';

/**
 * The language's built-in labels with the caller's overrides on top (legacy customLabels, D11).
 * A blank override keeps the built-in text: a detail printed under an empty label would read as
 * an unexplained value, and the legacy interface documents overrides as replacements, not removals.
 */
export function presentedLabels(language: string, overrides: Partial<Labels> | undefined): Labels {
  const base = labelsFor(language);
  if (!overrides) return base;
  const merged: Labels = { ...base };
  for (const key of Object.keys(base) as (keyof Labels)[]) {
    const text = overrides[key];
    if (typeof text === 'string' && text.trim() !== '') merged[key] = text;
  }
  return merged;
}
