// The JSON bodies of the auth endpoints: zod schemas, read through readJsonBody and shown in /openapi.json.
import { isValidEmailAddress, ruleParams } from '@invoice/model';
import { z } from 'zod';
import { NewPasswordSchema } from './password-rules.ts';

const INVALID_EMAIL = 'must be a valid email address';

/**
 * D6: trimmed and lower-cased, then strict (issue 10): at most 254 characters, one @, a local part of at most
 * 64, a domain with a dot, and no control, invisible or whitespace character anywhere.
 */
const EmailSchema = z
  .string({ error: 'is required and must be a string' })
  .transform((s) => s.trim().toLowerCase())
  .pipe(
    z
      .string()
      .max(254, { message: INVALID_EMAIL })
      .refine(isValidEmailAddress, { message: INVALID_EMAIL, ...ruleParams('format') }),
  )
  .meta({ description: 'Trimmed and lower-cased; at most 254 characters, no control characters.' });

/** Register: the password rules of issue 24 (password-rules.ts). Messages never repeat the value. */
export const RegisterBodySchema = z
  .strictObject({ email: EmailSchema, password: NewPasswordSchema })
  .meta({ id: 'RegisterRequest' });

/** Login checks no length: a wrong password of any length is just a failed login. */
export const LoginBodySchema = z
  .strictObject({ email: EmailSchema, password: z.string({ error: 'is required and must be a string' }) })
  .meta({ id: 'LoginRequest' });

/** Forgot password (issue 24): the address only. */
export const ForgotPasswordBodySchema = z.strictObject({ email: EmailSchema }).meta({ id: 'ForgotPasswordRequest' });

/** Reset password (issue 24): the emailed token and the new password, under registration's rules. */
export const ResetPasswordBodySchema = z
  .strictObject({
    token: z
      .string({ error: 'is required and must be a string' })
      .max(256, { message: 'must be at most 256 characters long' })
      .meta({ description: 'The `token` of the emailed reset link.' }),
    password: NewPasswordSchema,
  })
  .meta({ id: 'ResetPasswordRequest' });

/** Change password (issue 24): the current password is only compared (any length); the new one under the rules. */
export const ChangePasswordBodySchema = z
  .strictObject({
    current_password: z
      .string({ error: 'is required and must be a string' })
      .max(1024, { message: 'must be at most 1024 characters long' }),
    new_password: NewPasswordSchema,
  })
  .meta({ id: 'ChangePasswordRequest' });

/** Change email (issue 24, H16): the new address under registration's rules; the password is only compared. */
export const ChangeEmailBodySchema = z
  .strictObject({
    new_email: EmailSchema,
    password: z
      .string({ error: 'is required and must be a string' })
      .max(1024, { message: 'must be at most 1024 characters long' }),
  })
  .meta({ id: 'ChangeEmailRequest' });

/** Close the account (issue 24, H17): the password only, compared like a login. */
export const DeleteAccountBodySchema = z
  .strictObject({
    password: z
      .string({ error: 'is required and must be a string' })
      .max(1024, { message: 'must be at most 1024 characters long' }),
  })
  .meta({ id: 'DeleteAccountRequest' });
