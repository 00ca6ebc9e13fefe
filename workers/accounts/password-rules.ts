// The password rules of registration, reset and change (issue 24, decision H12; NIST SP 800-63B 5.1.1.2):
// 10 to 256 characters (code points), no control character, not only spaces, and not one of the 10,000 most
// common passwords (password-lists/common-passwords-10k.txt, compared case-insensitively: `Password123` is as
// guessable as `password123`). No composition rules (a digit, a capital…): NIST advises against them.
// Messages never repeat the value.
import { type IssueRule, ruleParams } from '@invoice/model';
import { z } from 'zod';
import commonPasswordsText from '../../password-lists/common-passwords-10k.txt';

const PASSWORD_MIN_LENGTH = 10;
const PASSWORD_MAX_LENGTH = 256;

/** Built once per isolate, on first use: 10,000 lower-cased entries, a Set lookup per check. */
let commonPasswords: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(commonPasswordsText.split('\n').filter((line) => line !== ''));
  return commonPasswords.has(password.toLowerCase());
}

const LENGTH_MESSAGE = `must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters long`;

/** The first rule `password` breaks (its detail rule and message, for `<field>: …`), or null when it passes them all. */
export function passwordProblem(password: string): { rule: IssueRule; message: string } | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return { rule: 'min_length', message: LENGTH_MESSAGE };
  if (length > PASSWORD_MAX_LENGTH) return { rule: 'max_length', message: LENGTH_MESSAGE };
  if (/\p{Cc}/u.test(password))
    return { rule: 'invalid', message: 'must not contain control characters (tabs, line breaks, NUL…)' };
  if (password.trim() === '') return { rule: 'not_empty', message: 'must not be only spaces' };
  if (isCommonPassword(password))
    return { rule: 'invalid', message: 'is one of the 10,000 most common passwords; choose another' };
  return null;
}

/** A new password in a request body: the rules above as one zod check. */
export const NewPasswordSchema = z
  .string({ error: 'is required and must be a string' })
  .superRefine((password, ctx) => {
    const problem = passwordProblem(password);
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message, ...ruleParams(problem.rule) });
  })
  .meta({
    description: `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters, no control characters, not only spaces, and not one of the 10,000 most common passwords (compared case-insensitively).`,
  });
