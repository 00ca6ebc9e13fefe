import type { IssueRule } from '../issue-rules.ts';
import { compactReference, referenceProblem } from './creditor-reference.ts';
import { compactIban, ibanProblem } from './iban.ts';
import { compactQrReference, isQrIban, looksLikeQrReference, qrReferenceProblem } from './qr-reference.ts';
import {
  SWISS_CURRENCIES,
  SWISS_MAX,
  type SwissAddress,
  type SwissQrFields,
  type SwissReferenceType,
  swissText,
  swissTextProblem,
} from './swiss-qr.ts';

/**
 * The request side of a Swiss QR-bill (issue 23, SIX IG 2.3): what `from`, `to`, `payment` and the
 * invoice must hold for a payload the guidelines accept, and the payload's fields from them. Kept
 * apart from the amount, which needs the totals (the caller checks SWISS_MAX_AMOUNT).
 */

interface SwissIssue {
  path: (string | number)[];
  rule: IssueRule;
  message: string;
}

interface SwissParty {
  name: string;
  street?: string;
  postal_code?: string;
  city?: string;
  country?: string;
}

export interface SwissRequest {
  from: SwissParty;
  to: SwissParty;
  invoice: { currency: string; number?: string; type?: string };
  payment?: { account_name?: string; iban?: string; reference?: string };
}

const blank = (s: string | undefined): s is undefined => s === undefined || s.trim() === '';

/** The creditor's four fields §4.3.2 makes mandatory in a type `S` address, in the order a 400 names them. */
const CREDITOR_FIELDS = ['street', 'postal_code', 'city', 'country'] as const;

const LENGTHS: [keyof SwissParty, number][] = [
  ['name', SWISS_MAX.name],
  ['street', SWISS_MAX.street],
  ['postal_code', SWISS_MAX.postalCode],
  ['city', SWISS_MAX.city],
];

/** The creditor: `from`, or `payment.account_name` for the name when the account holder differs. */
function creditorName(req: SwissRequest): { name: string; path: (string | number)[] } {
  const own = req.payment?.account_name;
  return blank(own)
    ? { name: req.from.name, path: ['from', 'name'] }
    : { name: own, path: ['payment', 'account_name'] };
}

function textIssues(party: 'from' | 'to', p: SwissParty): SwissIssue[] {
  const out: SwissIssue[] = [];
  for (const [field, max] of LENGTHS) {
    const value = p[field];
    if (blank(value)) continue;
    const problem = swissTextProblem(value);
    if (problem) out.push({ path: [party, field], rule: 'format', message: problem });
    else if (swissText(value).length > max)
      out.push({
        path: [party, field],
        rule: 'max_length',
        message: `must be at most ${max} characters for a swiss QR`,
      });
  }
  return out;
}

/** A debtor goes into the code only whole and in the character set; else the payer writes it in (§3.5.2). */
function swissDebtorOf(to: SwissParty): SwissAddress | undefined {
  if (blank(to.postal_code) || blank(to.city) || blank(to.country)) return undefined;
  if (textIssues('to', to).length > 0) return undefined;
  return { name: to.name, street: to.street, postalCode: to.postal_code, city: to.city, country: to.country };
}

function referenceIssues(iban: string, reference: string | undefined): SwissIssue[] {
  const at = ['payment', 'reference'];
  const qrIban = isQrIban(iban);
  if (blank(reference))
    return qrIban
      ? [{ path: at, rule: 'required', message: 'is required with a QR-IBAN: a QR reference (SIX IG 2.3 §4.3.2, QRR)' }]
      : [];
  if (looksLikeQrReference(reference)) {
    if (!qrIban)
      return [
        {
          path: at,
          rule: 'conflict',
          message: 'a QR reference needs a QR-IBAN (IID 30000–31999) in payment.iban; give an RF reference or none',
        },
      ];
    const problem = qrReferenceProblem(reference);
    return problem ? [{ path: at, rule: 'format', message: problem }] : [];
  }
  if (qrIban)
    return [
      { path: at, rule: 'conflict', message: 'must be a QR reference (27 digits) with a QR-IBAN, not an RF reference' },
    ];
  const problem = referenceProblem(reference);
  return problem ? [{ path: at, rule: 'format', message: problem }] : [];
}

/** Every request-level reason the Swiss payload cannot be built; empty when it can. */
export function swissQrIssues(req: SwissRequest): SwissIssue[] {
  const out: SwissIssue[] = [];
  const p = req.payment ?? {};
  if (!(SWISS_CURRENCIES as readonly string[]).includes(req.invoice.currency))
    out.push({
      path: ['payment', 'qr'],
      rule: 'conflict',
      message: `type swiss needs invoice.currency CHF or EUR, not ${req.invoice.currency}`,
    });
  if (req.invoice.type === 'credit_note')
    out.push({
      path: ['payment', 'qr'],
      rule: 'conflict',
      message: 'type swiss asks the buyer to pay; a credit note owes them instead (give value to draw your own code)',
    });
  if (blank(p.iban)) out.push({ path: ['payment', 'iban'], rule: 'required', message: 'is required for a swiss QR' });
  else {
    const iban = compactIban(p.iban);
    const problem =
      ibanProblem(p.iban)
      ?? (/^(CH|LI)/.test(iban) ? null : 'must be an IBAN of Switzerland or Liechtenstein (CH…, LI…) for a swiss QR');
    if (problem) out.push({ path: ['payment', 'iban'], rule: 'format', message: problem });
    else out.push(...referenceIssues(iban, p.reference));
  }
  for (const field of CREDITOR_FIELDS)
    if (blank(req.from[field]))
      out.push({
        path: ['from', field],
        rule: 'required',
        message: 'is required for a swiss QR: the creditor is a structured address (SIX IG 2.3 §4.3.2, type S)',
      });
  out.push(...textIssues('from', req.from));
  const name = creditorName(req);
  if (name.path[0] === 'payment') {
    const problem = swissTextProblem(name.name);
    if (problem) out.push({ path: name.path, rule: 'format', message: problem });
    else if (swissText(name.name).length > SWISS_MAX.name)
      out.push({
        path: name.path,
        rule: 'max_length',
        message: `must be at most ${SWISS_MAX.name} characters for a swiss QR`,
      });
  }
  const number = req.invoice.number ?? '';
  const numberProblem = swissTextProblem(number);
  if (numberProblem) out.push({ path: ['invoice', 'number'], rule: 'format', message: numberProblem });
  else if (swissText(number).length > SWISS_MAX.message)
    out.push({
      path: ['invoice', 'number'],
      rule: 'max_length',
      message: `must be at most ${SWISS_MAX.message} characters for a swiss QR's message`,
    });
  return out;
}

/** The payload's fields from a request swissQrIssues accepted, with the amount as the payload writes it. */
export function swissQrFields(req: SwissRequest, amount: string): SwissQrFields {
  const p = req.payment ?? {};
  const iban = compactIban(p.iban ?? '');
  const given = blank(p.reference) ? undefined : p.reference;
  let referenceType: SwissReferenceType = 'NON';
  let reference: string | undefined;
  if (given !== undefined) {
    referenceType = isQrIban(iban) ? 'QRR' : 'SCOR';
    reference = referenceType === 'QRR' ? compactQrReference(given) : compactReference(given);
  }
  const { from } = req;
  return {
    iban,
    creditor: {
      name: creditorName(req).name,
      street: from.street,
      postalCode: from.postal_code ?? '',
      city: from.city ?? '',
      country: from.country ?? '',
    },
    amount,
    currency: req.invoice.currency as SwissQrFields['currency'],
    debtor: swissDebtorOf(req.to),
    referenceType,
    reference,
    message: req.invoice.number ?? '',
  };
}
