/**
 * The corpus shapes packages/pdf/test/facturx-corpus.test.ts turns into whole Factur-X PDFs, each checked by
 * ../shared/facturx/check-pdf.mjs, which runs the Factur-X EN 16931 rules over the embedded CII. Here so that
 * packages/cii/test/cii-schematron.test.ts runs those rules (about 0.9 s a document) over every other shape only:
 * between the two files, every shape's CII meets them once.
 */
export const FACTURX_PDF_SHAPES = [
  'single rate (global_tax)',
  'multi-component line taxes',
  'mixed taxed, zero and untaxed',
  'untaxed (no tax at all)',
  'tax-inclusive multi-rate with discounts and shipping',
  'rounding nearest JPY',
  '100 items',
  'credit note correcting an invoice (BG-3), buyer and order references, IBAN, due date',
  'credit note in JPY with rounding, a due date and no payment block',
  'deposit and amount_paid over the total',
] as const;
