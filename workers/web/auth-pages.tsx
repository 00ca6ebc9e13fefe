/** @jsxImportSource hono/jsx */
// Sign up, log in, and the forgotten-password pages (issue 24). The forms are plain HTML with labels and autocomplete hints; their client modules
// (web/client/signup-page.ts, login-page.ts) send them to the JSON API with fetch. Without script the
// forms do nothing harmful: they have no action the API would accept (it takes JSON only).
import { Layout } from './layout.tsx';

/** The new-password field of sign-up and reset (issue 24's rules, told before the API refuses). */
function NewPasswordField(props: { label: string }) {
  return (
    <div class="field">
      <label for="password">{props.label}</label>
      <input
        id="password"
        name="password"
        type="password"
        autocomplete="new-password"
        required
        minlength={10}
        maxlength={256}
        aria-describedby="password-hint"
      />
      <p class="field__hint" id="password-hint">
        10 to 256 characters, not a common password. A few unrelated words make a strong one.
      </p>
    </div>
  );
}

function EmailField(props: { autofocus?: boolean }) {
  return (
    <div class="field">
      <label for="email">Email address</label>
      <input
        id="email"
        name="email"
        type="email"
        autocomplete="email"
        required
        maxlength={254}
        autofocus={props.autofocus}
      />
    </div>
  );
}

export function SignupPage() {
  return (
    <Layout title="Sign up" path="/signup" script="signup-page" user={null} narrow>
      <div class="page-title">
        <h1>Create your account</h1>
        <p>Free plan: 40 calls an hour, 100 documents a month. No card needed.</p>
      </div>
      <section class="card" data-step="form">
        <form id="signup" novalidate>
          <p class="form-error" role="alert" tabindex={-1} hidden />
          <EmailField autofocus />
          <NewPasswordField label="Password" />
          <button class="button button--block" type="submit">
            Create account
          </button>
        </form>
      </section>
      <section class="card" data-step="done" tabindex={-1} hidden aria-labelledby="signup-done-title">
        <h2 id="signup-done-title">Check your email</h2>
        <p data-out="message" />
        <p>
          Open the link in that email to verify your address; then you can create an API key. You can log in right away.
        </p>
        <a class="button" href="/login">
          Log in
        </a>
      </section>
      <p class="aside" data-out="login-hint">
        Already have an account? <a href="/login">Log in</a>
      </p>
    </Layout>
  );
}

/** `notice`: why the reader is here (after logging out, or sent from a signed-in page). */
export function LoginPage(props: { next: string; notice?: 'logged_out' | 'signed_in_required' }) {
  return (
    <Layout title="Log in" path="/login" script="login-page" user={null} narrow>
      <div class="page-title">
        <h1>Log in</h1>
      </div>
      {props.notice === 'logged_out' && (
        <p class="notice notice--success" role="status">
          You have been logged out.
        </p>
      )}
      {props.notice === 'signed_in_required' && (
        <p class="notice" role="status">
          Log in to see that page.
        </p>
      )}
      <section class="card">
        <form id="login" data-next={props.next} novalidate>
          <p class="form-error" role="alert" tabindex={-1} hidden />
          <EmailField autofocus />
          <div class="field">
            <label for="password">Password</label>
            <input id="password" name="password" type="password" autocomplete="current-password" required />
            <p class="field__hint">
              <a href="/forgot-password">Forgot password?</a>
            </p>
          </div>
          <button class="button button--block" type="submit">
            Log in
          </button>
        </form>
      </section>
      <p class="aside">
        No account yet? <a href="/signup">Sign up</a>
      </p>
    </Layout>
  );
}

/** `/forgot-password` (issue 24): the address, then the API's one answer, whatever the address. */
export function ForgotPasswordPage() {
  return (
    <Layout title="Forgot password" path="/forgot-password" script="forgot-password-page" user={null} narrow>
      <div class="page-title">
        <h1>Reset your password</h1>
        <p>Enter the address you signed up with; we email it a link to choose a new password.</p>
      </div>
      <section class="card" data-step="form">
        <form id="forgot-password" novalidate>
          <p class="form-error" role="alert" tabindex={-1} hidden />
          <EmailField autofocus />
          <button class="button button--block" type="submit">
            Email me a link
          </button>
        </form>
      </section>
      <section class="card" data-step="done" tabindex={-1} hidden aria-labelledby="forgot-done-title">
        <h2 id="forgot-done-title">Check your email</h2>
        <p data-out="message" />
        <p>The link works once, within 1 hour. Nothing arrived? Check the address and the spam folder.</p>
      </section>
      <p class="aside">
        Remembered it? <a href="/login">Log in</a>
      </p>
    </Layout>
  );
}

/** `/reset-password?token=…` (issue 24): the emailed link. A used or expired link gets a page saying so. */
export function ResetPasswordPage(props: { token: string; live: boolean }) {
  if (!props.live) {
    return (
      <Layout title="Link not valid" path="/reset-password" script="site-page" user={null} narrow>
        <section class="card result result--error">
          <h1>This link did not work</h1>
          <p>
            The password-reset link is invalid, already used or older than 1 hour. Ask for a new one; only the latest
            links work.
          </p>
          <a class="button" href="/forgot-password">
            Ask for a new link
          </a>
        </section>
      </Layout>
    );
  }
  return (
    <Layout title="Choose a new password" path="/reset-password" script="reset-password-page" user={null} narrow>
      <div class="page-title">
        <h1>Choose a new password</h1>
        <p>Every session of the account is logged out; your API key keeps working.</p>
      </div>
      <section class="card" data-step="form">
        <form id="reset-password" data-token={props.token} novalidate>
          <p class="form-error" role="alert" tabindex={-1} hidden />
          <NewPasswordField label="New password" />
          <button class="button button--block" type="submit">
            Set the new password
          </button>
        </form>
      </section>
      <section class="card result result--success" data-step="done" tabindex={-1} hidden>
        <h2>Your password is reset</h2>
        <p data-out="message" />
        <a class="button" href="/login">
          Log in
        </a>
      </section>
    </Layout>
  );
}
