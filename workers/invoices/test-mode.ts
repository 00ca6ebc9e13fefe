// What a test key's documents carry (issue 26, K6): a TEST watermark on every PDF page and in its metadata
// (packages/pdf's `watermark` option), and a document note (BT-22) saying it is no invoice, which UBL, CII and
// Factur-X carry where EN 16931 puts free text: never a valid-looking e-invoice without it. The note is added to
// the request itself, so the hosted link's snapshot, the JSON answer and every format re-rendered later carry it.
import type { InvoiceRequest } from '@invoice/model';

const TEST_WATERMARK = 'TEST';
const TEST_NOTE = 'TEST DOCUMENT – not a valid invoice: made with a test API key (inv_test_…).';

/** The request with TEST_NOTE as the first paragraph of its notes. */
export function withTestNote(request: InvoiceRequest): InvoiceRequest {
  const notes = request.notes?.trim() ? `${TEST_NOTE}\n\n${request.notes}` : TEST_NOTE;
  return { ...request, notes };
}

/** The PDF render option of a document: the watermark for test documents only. */
export function testWatermark(livemode: boolean): { watermark?: string } {
  return livemode ? {} : { watermark: TEST_WATERMARK };
}
