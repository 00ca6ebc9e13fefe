export { renderInvoicePdf, type RenderInvoiceOptions } from './render-invoice-pdf.ts';
export { loadFontSet, type FontSet } from './text/font-set.ts';
export { TEMPLATES } from './templates/registry.ts';
export { detectImageType, type ImageType } from './images/image-type.ts';
export { inspectImage } from './images/image-header.ts';
export { IMAGE_LIMITS } from './images/image-limits.ts';
export { ImageEmbedError } from './images/embed-image.ts';
