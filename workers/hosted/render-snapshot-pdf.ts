// The PDF of a hosted invoice, rendered on demand from its snapshot (D9).
import type { Env } from '../env.ts';
import { ApiError } from '../http/api-error.ts';
import type { RenderedSnapshot } from './render-snapshot.ts';
import type { StoredSnapshot } from './snapshot-store.ts';

export async function renderSnapshotPdf(_env: Env, _snap: StoredSnapshot, _rendered: RenderedSnapshot): Promise<Uint8Array> {
  // Wired to packages/pdf renderInvoicePdf once it lands (see the hosted-link hand-over).
  throw new ApiError(500, 'pdf_error', 'PDF rendering is not available yet');
}
