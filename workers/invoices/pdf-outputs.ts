// Which `output` values are PDFs: they count against the monthly PDF quota (D7) and need the images fetched.
import type { OutputFormat } from '@invoice/model';

/** `pdf` and `facturx` (a PDF/A-3 with the CII embedded) are both PDFs to the plans and the quota. */
export const producesPdf = (output: OutputFormat | undefined): boolean => output === 'pdf' || output === 'facturx';
