// How a party is named on an e-invoicing network (issue 22): its electronic address (BT-34 seller, BT-49 buyer)
// and the scheme of its legal registration id (BT-30-1 / BT-47-1). Checked at the door as far as the receivers'
// validators check them: a code of the list, an `EM` id that is an e-mail address, and the check digit of the
// schemes whose fatal rules test one (identifier-schemes.ts).
import { z } from 'zod';
import { isValidEmailAddress } from './email-address.ts';
import { shortText } from './field-rules.ts';
import { EAS_CODES, ICD_CODES, identifierProblem } from './identifier-schemes.ts';
import { ruleParams } from './issue-rules.ts';

const codes = (list: readonly string[]) => list as unknown as [string, ...string[]];

export const ElectronicAddressSchema = z
  .strictObject({
    scheme: z
      .enum(codes(EAS_CODES), {
        error: 'must be a code of the Electronic Address Scheme list (0208, 0106, 0192, 0007, 0088, 9930, EM…)',
      })
      .meta({
        description:
          'The EAS code: `0208` Belgian enterprise number, `0106` Dutch KvK, `0192` Norwegian organisation number, `0007` Swedish organisation number, `0088` GLN, `9930` German VAT id, `EM` e-mail, … (docs/einvoice-profiles.md).',
      }),
    id: shortText()
      .trim()
      .refine((s) => s.length > 0, { message: 'is required and must not be empty', ...ruleParams('not_empty') })
      .meta({ description: 'The identifier in that scheme, e.g. `0123456749` (0208) or `billing@acme.example` (EM).' }),
  })
  .superRefine(({ scheme, id }, ctx) => {
    if (id.length === 0) return;
    const problem =
      scheme === 'EM'
        ? isValidEmailAddress(id.toLowerCase())
          ? null
          : 'must be an e-mail address when scheme is EM'
        : identifierProblem(scheme, id);
    if (problem) ctx.addIssue({ code: 'custom', path: ['id'], message: problem, ...ruleParams('format') });
  })
  .meta({
    id: 'ElectronicAddress',
    description:
      'BT-34 (seller) / BT-49 (buyer): where the party receives e-invoices; required by Peppol and XRechnung.',
  });

/** The Party fields of issue 22, spread into PartySchema. */
export const partyIdentifierFields = () => ({
  electronic_address: ElectronicAddressSchema.optional(),
  contact_name: shortText().optional().meta({
    description: 'BT-41 (seller) / BT-56 (buyer): the contact person or department; XRechnung needs the seller’s.',
  }),
  registration_scheme: z
    .enum(codes(ICD_CODES), { error: 'must be an ISO 6523 ICD code (0208, 0106, 0192, 0007, 0088…)' })
    .optional()
    .meta({
      description: 'BT-30-1 / BT-47-1: the identifier scheme of `registration_no` (ISO 6523 ICD, e.g. `0208`, `0106`).',
    }),
});

interface RegistrationFields {
  registration_no?: string;
  registration_scheme?: string;
}

/** A registration scheme names the scheme of registration_no: it needs one, and its check digit holds. */
export function registrationIssues(
  party: RegistrationFields,
): { path: string[]; message: string; rule: 'required' | 'format' }[] {
  const { registration_no: id, registration_scheme: scheme } = party;
  if (scheme === undefined) return [];
  if (id === undefined || id.trim() === '')
    return [
      {
        path: ['registration_no'],
        rule: 'required',
        message: `is required when registration_scheme is given (${scheme})`,
      },
    ];
  const problem = identifierProblem(scheme, id.trim());
  return problem
    ? [{ path: ['registration_no'], rule: 'format', message: `${problem} (registration_scheme ${scheme})` }]
    : [];
}
