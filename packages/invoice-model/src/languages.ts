/** The 11 supported languages; only Arabic is right-to-left. */
export const LANGUAGE_CODES = ['en', 'nl', 'de', 'fr', 'es', 'pt', 'ar', 'ja', 'ru', 'it', 'hi'] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];

export const TEMPLATE_NAMES = ['classic', 'modern', 'bold', 'minimal', 'navy'] as const;
export type TemplateName = (typeof TEMPLATE_NAMES)[number];

export const OUTPUT_FORMATS = ['json', 'pdf', 'ubl', 'cii', 'facturx'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];
