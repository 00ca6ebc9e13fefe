// /api/auth/change-email and its link (issue 24, decision H16) and DELETE /api/auth/account (H17); the password
// routes are in auth-routes.ts.
import { Hono } from 'hono';
import {
  emailChangeLinkEmail,
  emailChangeRequestedNotice,
  emailChangeTakenEmail,
} from '../email/email-change-emails.ts';
import { mailerFor } from '../email/mailer.ts';
import type { AppEnv } from '../env.ts';
import { ApiError } from '../http/api-error.ts';
import { mountOperations, type OperationHandler } from '../http/mount-operations.ts';
import { publicBaseUrl } from '../http/public-base-url.ts';
import { readJsonBody } from '../http/read-json-body.ts';
import { readQuery } from '../http/read-query.ts';
import { closeAccount, sessionAccountForDeletion } from './account-deletion.ts';
import * as ops from './account-operations.ts';
import { findAccountById } from './account-store.ts';
import { emailChangeLink, openEmailChangeLink, requestEmailChange } from './email-change.ts';
import { clearLoginFailures, loginAttempt, reserveLoginAttempt } from './login-throttle.ts';
import { verifyPassword } from './password-hash.ts';
import { clientIp, requireAccount, resolveCaller } from './resolve-caller.ts';
import { assertBrowserSafeWrite } from './same-origin-writes.ts';
import { clearedSessionCookie, readSessionCookie } from './sessions.ts';

export const accountRoutes = new Hono<AppEnv>();

/**
 * The account routes that take over or end an account take the session only (H15, H16): a key lives in servers and
 * may leak with them. A cookie caller goes through the Origin and JSON checks in resolveCaller.
 */
async function sessionAccount(c: Parameters<OperationHandler>[0], route: string) {
  if (c.req.header('Authorization') !== undefined)
    throw new ApiError('session_required', `${route} takes the session cookie only (log in); not an API key.`);
  const caller = await resolveCaller(c);
  requireAccount(caller);
  return caller;
}

/**
 * Checks the password like a login (H4): reserved before PBKDF2, a wrong one keeps its row (401), a right one clears
 * the pair. Returns the account row.
 */
async function checkPassword(c: Parameters<OperationHandler>[0], accountId: string, email: string, password: string) {
  const attempt = await loginAttempt(email, clientIp(c));
  await reserveLoginAttempt(c.env, attempt);
  const account = await findAccountById(c.env.DB, accountId);
  if (!account || !(await verifyPassword(password, account.password_hash)))
    throw new ApiError('invalid_credentials', 'The password is incorrect.');
  await clearLoginFailures(c.env, attempt);
  return account;
}

const changeEmail: OperationHandler = async (c) => {
  const caller = await sessionAccount(c, 'POST /api/auth/change-email');
  const { new_email, password } = await readJsonBody(c, ops.changeEmail.body);
  const mailer = mailerFor(c.env); // 503 before anything is counted or written
  const baseUrl = publicBaseUrl(c.env, c.req.url);
  const account = await checkPassword(c, caller.accountId, caller.email, password);
  if (new_email === account.email)
    throw ApiError.field('validation_error', 'new_email', 'invalid', 'is already the address of this account');
  const sessionId = readSessionCookie(c.req.header('Cookie')) ?? '';
  const { token, taken } = await requestEmailChange(
    c.env.DB,
    { accountId: account.id, newEmail: new_email, sessionId },
    Date.now(),
  );
  // One email to the new address either way, so the answer and the work do not tell whether it has an account.
  await mailer.send(
    taken ? emailChangeTakenEmail(new_email) : emailChangeLinkEmail(new_email, emailChangeLink(baseUrl, token)),
  );
  await mailer.send(emailChangeRequestedNotice(account.email, new_email)).catch(() => undefined);
  return c.json({
    success: true,
    message: `Check ${new_email}: your address changes when the link sent there is opened (within 24 hours). Until then you keep using ${account.email}.`,
  });
};

// A browser opening the link gets a page instead (workers/web/confirm-email-page.tsx, mounted before this).
const confirmEmailChange: OperationHandler = async (c) => {
  const token = readQuery(c, ops.confirmEmailChange.query).token ?? '';
  const outcome = await openEmailChangeLink(c.env, token, Date.now());
  if (outcome.status === 'invalid')
    throw new ApiError('invalid_token', 'This link is invalid, already used or expired; ask for the change again.');
  if (outcome.status === 'taken')
    throw new ApiError(
      'email_taken',
      `${outcome.newEmail} now belongs to another account; your address did not change.`,
    );
  return c.json({ success: true, message: `Your account now uses ${outcome.newEmail}; log in with it.` });
};

/**
 * Session only. The Origin and JSON checks come first, since the session of an account already being closed (a retry
 * after a failed step) is found by the deletion's own lookup, not by resolveCaller.
 */
const deleteAccount: OperationHandler = async (c) => {
  if (c.req.header('Authorization') !== undefined)
    throw new ApiError(
      'session_required',
      'DELETE /api/auth/account takes the session cookie only (log in); not an API key.',
    );
  assertBrowserSafeWrite(c);
  const sessionId = readSessionCookie(c.req.header('Cookie'));
  const owner = sessionId ? await sessionAccountForDeletion(c.env.DB, sessionId, Date.now()) : null;
  if (!owner) throw new ApiError('auth_required', 'Authentication required: log in.');
  const { password } = await readJsonBody(c, ops.deleteAccount.body);
  await checkPassword(c, owner.id, owner.email, password);
  await closeAccount(c.env, owner.id, Date.now());
  c.header('Set-Cookie', clearedSessionCookie(c.req.url));
  return c.json({ success: true, message: 'Your account is closed and its data deleted.' });
};

mountOperations(accountRoutes, [
  [ops.changeEmail, changeEmail],
  [ops.confirmEmailChange, confirmEmailChange],
  [ops.deleteAccount, deleteAccount],
]);
