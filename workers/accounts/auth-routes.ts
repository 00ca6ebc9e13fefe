// /api/auth/*: register, verify-email, login, logout, me, generate-api-key, resend-verification (spec: Account endpoints, D6).
import { Hono } from 'hono';
import { mailerFor } from '../email/mailer.ts';
import { passwordChangedEmail, passwordResetEmail } from '../email/password-emails.ts';
import { verificationEmail } from '../email/verification-email.ts';
import type { AppEnv } from '../env.ts';
import { ApiError } from '../http/api-error.ts';
import { mountOperations, type OperationHandler } from '../http/mount-operations.ts';
import { publicBaseUrl } from '../http/public-base-url.ts';
import { readJsonBody } from '../http/read-json-body.ts';
import { readQuery } from '../http/read-query.ts';
import { creditsUsedNow } from '../limits/admit-legacy-render.ts';
import {
  deleteUnverifiedAccount,
  findAccountByEmail,
  findAccountById,
  insertAccount,
  isReplaceable,
  newAccountId,
} from './account-store.ts';
import { isPrimaryKey, MAX_KEYS_PER_ACCOUNT, maskApiKey, primaryKeyLast4, rotateApiKey } from './api-keys.ts';
import * as ops from './auth-operations.ts';
import {
  countRecentTokens,
  createVerificationToken,
  verificationLink,
  verifyEmailWithToken,
} from './email-verification.ts';
import { clearLoginFailures, loginAttempt, reserveLoginAttempt } from './login-throttle.ts';
import { dummyPasswordHash, hashPassword, passwordHashIterations, verifyPassword } from './password-hash.ts';
import {
  changePasswordKeepingSession,
  createResetToken,
  reserveResetRequest,
  resetLink,
  resetPasswordWithToken,
} from './password-reset.ts';
import { reserveRegistration } from './registration-throttle.ts';
import { clientIp, requireAccount, requireVerifiedAccount, resolveCaller } from './resolve-caller.ts';
import { assertBrowserSafeWrite, assertSameOriginWrite } from './same-origin-writes.ts';
import { clearedSessionCookie, createSession, deleteSession, readSessionCookie, sessionCookie } from './sessions.ts';

export const authRoutes = new Hono<AppEnv>();
const RESENDS_PER_HOUR = 5;

const register: OperationHandler = async (c) => {
  assertBrowserSafeWrite(c); // no other site can sign someone up from a form (issue 24)
  const { email, password } = await readJsonBody(c, ops.register.body);
  const mailer = mailerFor(c.env); // 503 before anything is written when email is not configured
  const baseUrl = publicBaseUrl(c.env, c.req.url); // likewise for the link's origin (issue 10.7)
  const now = Date.now();
  await reserveRegistration(c.env, clientIp(c));
  // Hashed before the lookup (H6): a taken email costs the same PBKDF2 as a new one, so 409 is no cheap probe.
  const passwordHash = await hashPassword(password, passwordHashIterations(c.env));
  const existing = await findAccountByEmail(c.env.DB, email);
  // An account never verified within 24 hours is replaced by insertAccount (issue 24), not refused.
  if (existing && !isReplaceable(existing, now))
    throw new ApiError('email_taken', 'An account with this email already exists; log in instead.');
  const id = newAccountId();
  const inserted = await insertAccount(c.env.DB, { id, email, password_hash: passwordHash, created_at: now });
  if (!inserted) throw new ApiError('email_taken', 'An account with this email already exists; log in instead.');
  try {
    const token = await createVerificationToken(c.env.DB, id, now);
    await mailer.send(verificationEmail(email, verificationLink(baseUrl, token)));
  } catch (err) {
    // 502 email_error (or a storage failure): the account goes too, so registering again works.
    await deleteUnverifiedAccount(c.env.DB, id).catch(() => undefined);
    throw err;
  }
  return c.json(
    { success: true, message: `Account created. We sent a verification link to ${email}; it is valid for 24 hours.` },
    201,
  );
};

// A browser opening the link gets a page instead (workers/web/verify-email-page.tsx, mounted before this).
const verifyEmail: OperationHandler = async (c) => {
  const verified = await verifyEmailWithToken(c.env.DB, readQuery(c, ops.verifyEmail.query).token ?? '', Date.now());
  if (!verified)
    throw new ApiError(
      'invalid_token',
      'This verification link is invalid, already used or expired; log in and request a new one.',
    );
  return c.json({
    success: true,
    message: 'Email verified. You can now create an API key (POST /api/auth/generate-api-key).',
  });
};

const login: OperationHandler = async (c) => {
  assertSameOriginWrite(c); // login sets the cookie: no login CSRF from a foreign page (issue 10.8)
  const { email, password } = await readJsonBody(c, ops.login.body);
  const now = Date.now();
  const attempt = await loginAttempt(email, clientIp(c));
  // Counted before the password is checked (429 costs no PBKDF2); a failure keeps its reservation.
  await reserveLoginAttempt(c.env, attempt);
  const account = await findAccountByEmail(c.env.DB, email);
  // Unknown emails are checked against a dummy hash: same work, same answer, same time.
  const ok = await verifyPassword(password, account?.password_hash ?? dummyPasswordHash(passwordHashIterations(c.env)));
  // An account being closed (H17) logs in no more: the same answer as an unknown address.
  if (!account || !ok || account.deleting_at !== null)
    throw new ApiError('invalid_credentials', 'Email or password is incorrect.');
  await clearLoginFailures(c.env, attempt);
  const sessionId = await createSession(c.env.DB, account.id, now);
  c.header('Set-Cookie', sessionCookie(c.req.url, sessionId));
  return c.json({
    success: true,
    user: { email: account.email, tier: account.tier, verified: account.email_verified_at !== null },
  });
};

const logout: OperationHandler = async (c) => {
  const caller = await resolveCaller(c);
  requireAccount(caller);
  await readJsonBody(c, ops.logout.body);
  const sessionId = readSessionCookie(c.req.header('Cookie'));
  if (sessionId) await deleteSession(c.env.DB, sessionId);
  c.header('Set-Cookie', clearedSessionCookie(c.req.url));
  return c.json({ success: true, message: 'Logged out.' });
};

const getCurrentUser: OperationHandler = async (c) => {
  const caller = await resolveCaller(c);
  requireAccount(caller);
  const account = await findAccountById(c.env.DB, caller.accountId);
  if (!account) throw new ApiError('auth_required', 'Authentication required.');
  const [last4, usedNow] = await Promise.all([primaryKeyLast4(c.env.DB, account.id), creditsUsedNow(c.env, caller)]);
  return c.json({
    success: true,
    user: {
      email: account.email,
      tier: account.tier,
      verified: account.email_verified_at !== null,
      ...(last4 ? { api_key: maskApiKey(last4) } : {}),
      // The account's RateLimiter counts legacy credits (D11) and writes them to D1 behind: its count is the newer.
      credits: { total: account.credits_total, used: usedNow ?? account.credits_used },
    },
  });
};

const generateApiKey: OperationHandler = async (c) => {
  const caller = await resolveCaller(c);
  requireVerifiedAccount(caller);
  // Nothing to read, but a field is refused rather than ignored: `{"mode":"test"}` must not rotate the live key.
  await readJsonBody(c, ops.generateApiKey.body);
  // K2: the session, or the primary key replacing itself; a named or test key cannot mint the primary.
  if (caller.keyHash !== undefined && !(await isPrimaryKey(c.env.DB, caller.keyHash)))
    throw new ApiError(
      'session_required',
      'Only the session or the primary key itself can rotate the primary key; manage other keys at /api/keys.',
    );
  const apiKey = await rotateApiKey(c.env, caller.accountId, Date.now());
  if (!apiKey)
    throw ApiError.field(
      'validation_error',
      'body',
      'max_items',
      `an account can have at most ${MAX_KEYS_PER_ACCOUNT} keys; delete one first (DELETE /api/keys/{id})`,
    );
  return c.json({ success: true, api_key: apiKey });
};

const resendVerification: OperationHandler = async (c) => {
  const caller = await resolveCaller(c);
  requireAccount(caller);
  await readJsonBody(c, ops.resendVerification.body);
  if (caller.verified) return c.json({ success: true, message: 'Your email address is already verified.' });
  const now = Date.now();
  if ((await countRecentTokens(c.env.DB, caller.accountId, now - 3600_000)) >= RESENDS_PER_HOUR) {
    throw new ApiError(
      'rate_limit_exceeded',
      `At most ${RESENDS_PER_HOUR} verification emails per hour; use the latest one.`,
      { headers: { 'Retry-After': '3600' } },
    );
  }
  const mailer = mailerFor(c.env);
  const baseUrl = publicBaseUrl(c.env, c.req.url);
  const token = await createVerificationToken(c.env.DB, caller.accountId, now);
  await mailer.send(verificationEmail(caller.email, verificationLink(baseUrl, token)));
  return c.json({ success: true, message: `A new verification link was sent to ${caller.email}.` });
};

const FORGOT_PASSWORD_ANSWER = {
  success: true,
  message: 'If an account uses this address, a link to reset its password is on its way; it is valid for 1 hour.',
} as const;

// Issue 24: the same answer and the same work for every address. The token is made, hashed and inserted by one
// INSERT … SELECT that writes only for an account, and the email goes out after the answer (waitUntil), so the
// provider's time is in no answer.
const forgotPassword: OperationHandler = async (c) => {
  assertBrowserSafeWrite(c);
  const { email } = await readJsonBody(c, ops.forgotPassword.body);
  const mailer = mailerFor(c.env); // 503 for every address alike when email is not configured
  const baseUrl = publicBaseUrl(c.env, c.req.url);
  const now = Date.now();
  await reserveResetRequest(c.env.DB, email, clientIp(c), now);
  const token = await createResetToken(c.env.DB, email, now);
  if (token) {
    // A failure is logged by the transport (without the message); the answer cannot differ, so it is not told.
    c.executionCtx.waitUntil(mailer.send(passwordResetEmail(email, resetLink(baseUrl, token))).catch(() => undefined));
  }
  return c.json(FORGOT_PASSWORD_ANSWER);
};

const resetPassword: OperationHandler = async (c) => {
  assertBrowserSafeWrite(c);
  const { token, password } = await readJsonBody(c, ops.resetPassword.body);
  const mailer = mailerFor(c.env); // the notice must be sendable before the password changes
  const passwordHash = await hashPassword(password, passwordHashIterations(c.env));
  const reset = await resetPasswordWithToken(c.env.DB, token, passwordHash, Date.now());
  if (!reset)
    throw new ApiError(
      'invalid_reset_token',
      'This password-reset link is unknown, already used or expired; request a new one (POST /api/auth/forgot-password).',
    );
  // The password is set whatever happens to the notice; a failure is logged by the transport.
  await mailer.send(passwordChangedEmail(reset.email, 'reset')).catch(() => undefined);
  return c.json({
    success: true,
    message: 'Your password was reset and every session was logged out; log in with it.',
  });
};

// Issue 24: session only, like the web app's other account writes; resolveCaller checks Origin and JSON for the cookie.
const changePassword: OperationHandler = async (c) => {
  if (c.req.header('Authorization') !== undefined)
    throw new ApiError(
      'session_required',
      'POST /api/auth/change-password takes the session cookie only (log in); an API key cannot change the password.',
    );
  const caller = await resolveCaller(c);
  requireAccount(caller);
  const { current_password, new_password } = await readJsonBody(c, ops.changePassword.body);
  const mailer = mailerFor(c.env);
  const now = Date.now();
  // A wrong current password is a failed login: reserved first, kept on failure, cleared on success (H4).
  const attempt = await loginAttempt(caller.email, clientIp(c));
  await reserveLoginAttempt(c.env, attempt);
  const account = await findAccountById(c.env.DB, caller.accountId);
  if (!account || !(await verifyPassword(current_password, account.password_hash)))
    throw new ApiError('invalid_credentials', 'The current password is incorrect.');
  await clearLoginFailures(c.env, attempt);
  const sessionId = readSessionCookie(c.req.header('Cookie')) ?? '';
  await changePasswordKeepingSession(
    c.env.DB,
    account.id,
    await hashPassword(new_password, passwordHashIterations(c.env)),
    sessionId,
    now,
  );
  await mailer.send(passwordChangedEmail(account.email, 'changed')).catch(() => undefined);
  return c.json({ success: true, message: 'Your password was changed; every other session was logged out.' });
};

mountOperations(authRoutes, [
  [ops.register, register],
  [ops.verifyEmail, verifyEmail],
  [ops.login, login],
  [ops.logout, logout],
  [ops.getCurrentUser, getCurrentUser],
  [ops.generateApiKey, generateApiKey],
  [ops.resendVerification, resendVerification],
  [ops.forgotPassword, forgotPassword],
  [ops.resetPassword, resetPassword],
  [ops.changePassword, changePassword],
]);
