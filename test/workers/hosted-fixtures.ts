// A hosted link stored as generation stores it, with the document facts the list shows (H20) taken from the
// snapshot's own request: for tests that make links without a generate call.
import { resolveInvoice } from '@invoice/model';
import type { Env } from '../../workers/env.ts';
import { documentFacts } from '../../workers/hosted/document-facts.ts';
import { type InvoiceSnapshot, storeSnapshot } from '../../workers/hosted/snapshot-store.ts';

export function storeTestSnapshot(env: Env, snapshot: InvoiceSnapshot, now: number, baseUrl: string) {
  const resolved = resolveInvoice(snapshot.request, {
    today: snapshot.request.invoice.date,
    randomBytes: new Uint8Array(6),
  });
  return storeSnapshot(env, snapshot, now, baseUrl, documentFacts(resolved, snapshot.livemode !== false));
}
