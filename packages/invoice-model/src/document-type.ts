import { z } from 'zod';
import type { IssueRule } from './issue-rules.ts';

/**
 * What a document is (EN 16931 BT-3): a commercial invoice (UNTDID 1001 code 380) or a credit note (381).
 * A credit note keeps the invoice's arithmetic and positive amounts; only its type, heading and the
 * reference to the invoice it corrects (BG-3) differ.
 */
export const DOCUMENT_TYPES = ['invoice', 'credit_note'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** The EN 16931 invoice type code (BT-3, UNTDID 1001) of each document type, for every syntax. */
export const DOCUMENT_TYPE_CODES: Readonly<Record<DocumentType, '380' | '381'>> = {
  invoice: '380', // commercial invoice
  credit_note: '381', // credit note
};

/**
 * The type of a parsed request's document. A request parsed before issue 13 (a hosted-link snapshot of up to
 * seven days, D9) has no `type`: it is an invoice.
 */
export function documentTypeOf(invoice: { type?: DocumentType }): DocumentType {
  return invoice.type === 'credit_note' ? 'credit_note' : 'invoice';
}

export const documentType = () =>
  z
    .enum(DOCUMENT_TYPES, { error: `must be one of ${DOCUMENT_TYPES.join(', ')}` })
    .default('invoice')
    .meta({ description: '`credit_note` writes a credit note: same arithmetic and positive amounts.' });

interface InvoiceReferenceFields {
  number?: string;
  date?: string;
  type: DocumentType;
  original_number?: string;
  original_date?: string;
}

interface ReferenceIssue {
  path: (string | number)[];
  rule: IssueRule;
  message: string;
}

/**
 * The rules of the preceding-invoice reference (BG-3): it belongs to credit notes only (E3), a date needs
 * the number it dates, a credit note cannot correct itself, and cannot predate the invoice it corrects.
 */
export function invoiceReferenceIssues(invoice: InvoiceReferenceFields): ReferenceIssue[] {
  const issues: ReferenceIssue[] = [];
  const at = (field: string, rule: IssueRule, message: string) =>
    issues.push({ path: ['invoice', field], rule, message });
  const { type, number, date, original_number: originalNumber, original_date: originalDate } = invoice;
  if (type !== 'credit_note') {
    if (originalNumber !== undefined)
      at('original_number', 'conflict', 'is only allowed when invoice.type is credit_note');
    if (originalDate !== undefined) at('original_date', 'conflict', 'is only allowed when invoice.type is credit_note');
    return issues;
  }
  if (originalDate !== undefined && originalNumber === undefined)
    at('original_date', 'required', 'requires invoice.original_number (the invoice that date belongs to)');
  if (originalNumber !== undefined && number !== undefined && originalNumber.trim() === number.trim())
    at(
      'original_number',
      'conflict',
      `must differ from invoice.number (${number.trim()}): a credit note cannot correct itself`,
    );
  if (originalDate !== undefined && date !== undefined && originalDate > date)
    at(
      'original_date',
      'order',
      `must not be after invoice.date (${date}): a credit note follows the invoice it corrects`,
    );
  return issues;
}
