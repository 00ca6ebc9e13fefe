// The closed table of rule names an error detail may carry (`error.details[].rule`): stable machine
// names a program can branch on, documented in /openapi.json. A refinement names its rule through
// zod's `params: { rule }` (ruleParams below); zod's own issue codes map to the generic rules.

const RULE_ROWS = [
  ['required', 'A required field is missing.'],
  ['type', 'The value has the wrong JSON type.'],
  ['unknown_field', 'The field is not part of the request; the message suggests the closest known field.'],
  ['not_empty', 'The text must not be empty or blank.'],
  ['min_length', 'The text is shorter than allowed.'],
  ['max_length', 'The text is longer than allowed.'],
  ['minimum', 'The number is below the smallest allowed value.'],
  ['maximum', 'The number is above the largest allowed value.'],
  ['decimal_places', 'The number has more decimal places than allowed.'],
  ['min_items', 'The array has fewer elements than allowed.'],
  ['max_items', 'The array has more elements than allowed.'],
  ['max_keys', 'The object has more keys than any request needs (a bound on the work).'],
  ['enum', 'The value is not one of the allowed values, which the message lists.'],
  ['pattern', 'The text does not match the pattern the message gives.'],
  ['format', 'The text is not in the required format (a calendar date, an email address, a country code, a URL).'],
  ['conflict', 'The field cannot be combined with another field the message names.'],
  ['order', 'The value must not come before (or after) another field, e.g. a due date before the invoice date.'],
  ['duplicate', 'The element repeats an earlier one.'],
  ['exceeds', 'The amount exceeds what it applies to (a discount larger than its line).'],
  ['payload', 'A payment-code payload breaks its standard (EPC, EMV CRC, UPI, URL).'],
  ['image', 'An image is unreadable, of the wrong type, too large, or could not be fetched.'],
  ['requires_account', 'An anonymous call asks for something only an account may.'],
  ['json', 'The body is empty or not valid JSON.'],
  ['max_bytes', 'The body or a value is larger than the route allows.'],
  ['header', 'A request header breaks its rule (Idempotency-Key).'],
  ['not_found', 'A path parameter cannot name an existing resource.'],
  ['invalid', 'Any other rule; the message says which.'],
] as const satisfies readonly (readonly [string, string])[];

export type IssueRule = (typeof RULE_ROWS)[number][0];

export const ISSUE_RULES: readonly IssueRule[] = RULE_ROWS.map(([rule]) => rule);

/** `rule — description` lines for /openapi.json. */
export const ISSUE_RULE_DESCRIPTIONS: Readonly<Record<IssueRule, string>> = Object.fromEntries(RULE_ROWS) as Record<
  IssueRule,
  string
>;

/** `refine(fn, { message, ...ruleParams('format') })`: the rule a refinement's issue reports. */
export function ruleParams(rule: IssueRule): { params: { rule: IssueRule } } {
  return { params: { rule } };
}

export function isIssueRule(value: unknown): value is IssueRule {
  return typeof value === 'string' && (ISSUE_RULES as readonly string[]).includes(value);
}
