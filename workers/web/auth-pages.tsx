/** @jsxImportSource hono/jsx */
// Sign up and log in. The forms are plain HTML with labels and autocomplete hints; their client modules
// (web/client/signup-page.ts, login-page.ts) send them to the JSON API with fetch. Without script the
// forms do nothing harmful: they have no action the API would accept (it takes JSON only).
import { Layout } from './layout.tsx';

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
          <div class="field">
            <label for="password">Password</label>
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
