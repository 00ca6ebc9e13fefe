// What the document list (GET /api/documents, issue 26, decision H20) shows of a hosted link's document,
// taken from the resolved invoice when its link is made and kept in its hosted_links row.
import { type ResolvedInvoice, toInvoiceResponse } from '@invoice/model';

export interface DocumentFacts {
  number: string;
  type: 'invoice' | 'credit_note';
  output: string;
  einvoice_profile: string;
  currency: string;
  grand_total: number;
  /** false for a document made with a test-mode key (issue 26, K6). */
  livemode: boolean;
}

export function documentFacts(resolved: ResolvedInvoice, livemode = true): DocumentFacts {
  // The response's own fields, so the list shows what generate answered (the total rounded to the currency).
  const answer = toInvoiceResponse(resolved, {});
  return {
    number: answer.number,
    type: answer.type,
    output: resolved.request.output ?? 'json',
    einvoice_profile: answer.einvoice_profile,
    currency: answer.currency,
    grand_total: answer.grand_total,
    livemode,
  };
}
