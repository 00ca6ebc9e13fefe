export { ImageEmbedError } from './images/embed-image.ts';
export { inspectImage } from './images/image-header.ts';
export { IMAGE_LIMITS } from './images/image-limits.ts';
export { detectImageType, type ImageType } from './images/image-type.ts';
export type { Presentation } from './presentation.ts';
export { type RenderInvoiceOptions, renderInvoicePdf } from './render-invoice-pdf.ts';
export { LEGACY_TEMPLATE_NAMES, LEGACY_TEMPLATES, type LegacyTemplateName } from './templates/legacy-registry.ts';
export { TEMPLATES } from './templates/registry.ts';
export { type FontSet, loadFontSet } from './text/font-set.ts';
