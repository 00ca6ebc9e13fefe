/** @jsxImportSource hono/jsx */
// `/app/account` (issue 24): the account's address, the change-email and change-password forms and "Close account",
// sent by web/client/account-page.ts to POST /api/auth/change-email, POST /api/auth/change-password and
// DELETE /api/auth/account with the session.
import { Layout } from './layout.tsx';

export function AccountPage(props: { email: string; verified: boolean }) {
  return (
    <Layout title="Account" path="/app/account" script="account-page" user={props.email}>
      <div class="page-title">
        <h1>Account</h1>
        <p>
          Signed in as <strong class="token">{props.email}</strong> ({props.verified ? 'verified' : 'not verified yet'})
        </p>
      </div>
      <section class="card" aria-labelledby="email-title">
        <h2 id="email-title">Change email address</h2>
        <p class="muted">
          We email a link to the new address; your address changes when it is opened (within 24 hours). Until then you
          keep using this one.
        </p>
        <p class="notice notice--success" role="status" data-out="email-status" tabindex={-1} hidden />
        <form id="change-email" novalidate>
          <p class="form-error" role="alert" tabindex={-1} hidden />
          <div class="field">
            <label for="new-email">New email address</label>
            <input id="new-email" name="new_email" type="email" autocomplete="email" required maxlength={254} />
          </div>
          <div class="field">
            <label for="email-password">Password</label>
            <input
              id="email-password"
              name="password"
              type="password"
              autocomplete="current-password"
              required
              aria-describedby="email-password-hint"
            />
            <p class="field__hint" id="email-password-hint">
              Your current password, to show it is you.
            </p>
          </div>
          <button class="button" type="submit">
            Send the link
          </button>
        </form>
      </section>
      <section class="card" aria-labelledby="password-title">
        <h2 id="password-title">Change password</h2>
        <p class="muted">Every other session is logged out; this one stays. Your API key keeps working.</p>
        <p class="notice notice--success" role="status" data-out="password-status" tabindex={-1} hidden />
        <form id="change-password" novalidate>
          <p class="form-error" role="alert" tabindex={-1} hidden />
          <div class="field">
            <label for="current-password">Current password</label>
            <input
              id="current-password"
              name="current_password"
              type="password"
              autocomplete="current-password"
              required
            />
          </div>
          <div class="field">
            <label for="new-password">New password</label>
            <input
              id="new-password"
              name="new_password"
              type="password"
              autocomplete="new-password"
              required
              minlength={10}
              maxlength={256}
              aria-describedby="new-password-hint"
            />
            <p class="field__hint" id="new-password-hint">
              10 to 256 characters, not a common password. A few unrelated words make a strong one.
            </p>
          </div>
          <button class="button" type="submit">
            Change password
          </button>
        </form>
        <p class="aside">
          Forgot it? <a href="/forgot-password">Reset it by email</a>
        </p>
      </section>
      <section class="card card--danger" aria-labelledby="close-title">
        <h2 id="close-title">Close account</h2>
        <p>
          Closing deletes your account for good: its API key stops working, its hosted invoice links stop answering, and
          its webhooks, delivery log and usage are deleted. You are logged out everywhere. This cannot be undone.
        </p>
        <form id="close-account" data-email={props.email} novalidate>
          <p class="form-error" role="alert" tabindex={-1} hidden />
          <div class="field">
            <label for="close-confirm">Type your email address to confirm</label>
            <input
              id="close-confirm"
              name="confirm"
              type="email"
              autocomplete="off"
              required
              aria-describedby="close-confirm-hint"
            />
            <p class="field__hint" id="close-confirm-hint">
              {props.email}
            </p>
          </div>
          <div class="field">
            <label for="close-password">Password</label>
            <input id="close-password" name="password" type="password" autocomplete="current-password" required />
          </div>
          <button class="button button--danger" type="submit">
            Close my account
          </button>
        </form>
      </section>
    </Layout>
  );
}

/** `/account-closed` (issue 24): after DELETE /api/auth/account, logged out. */
export function AccountClosedPage() {
  return (
    <Layout title="Account closed" path="/account-closed" script="site-page" user={null} narrow>
      <section class="card result result--success">
        <h1>Your account is closed</h1>
        <p>
          Its data is deleted and you are logged out everywhere. Its API key and hosted invoice links no longer work.
          You can sign up again with the same address at any time.
        </p>
        <a class="button" href="/">
          Back to the home page
        </a>
      </section>
    </Layout>
  );
}
