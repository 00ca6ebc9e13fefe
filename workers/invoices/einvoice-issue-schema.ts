// One e-invoice issue as the Worker's answers carry it (issue 22): a fatal rule of the profile's validators that
// the document fails for lack of request data, and the request field that fixes it. Written by @invoice/ubl and
// @invoice/cii (`ublEInvoiceIssues`, `ciiEInvoiceIssues`); the header X-EInvoice-Issues lists the rule ids.
import type { EInvoiceIssue } from '@invoice/ubl';
import { z } from 'zod';

export const EInvoiceIssueSchema = z
  .object({
    rule: z
      .string()
      .meta({ description: 'The rule id as the validators report it: `BR-DE-15`, `PEPPOL-EN16931-R010`, `BR-09`…' }),
    path: z
      .string()
      .meta({ description: 'The request field that fixes it: `invoice.buyer_reference`, `to.electronic_address`…' }),
    message: z.string().meta({ description: 'What to add or change.' }),
  })
  .meta({ id: 'EInvoiceIssue' });

/** The distinct rule ids, in order: what the headers and the issue-14 `en16931_issues` list. */
export function issueIds(issues: readonly EInvoiceIssue[]): string[] {
  return [...new Set(issues.map((i) => i.rule))];
}
