/** @jsxImportSource hono/jsx */
// `/app`: the plan, usage against the hourly, weekly and monthly windows with their reset times (the
// numbers of the API's rate-limit headers), the legacy credits, and the API key (masked; rotating it shows
// the new key once, in web/client/dashboard-page.ts). Unverified accounts get the resend button here.
import type { Tier } from '../accounts/caller.ts';
import type { DashboardData, UsageWindow } from './dashboard-data.ts';
import { isoTime, timeUntil, utcTime } from './format-times.ts';
import { Layout } from './layout.tsx';

const PLAN_NAMES: Record<Tier, string> = { free: 'Free', starter: 'Starter', pro: 'Pro', enterprise: 'Enterprise' };
const count = (n: number) => n.toLocaleString('en-US');

function UsageRow(props: { name: string; window: UsageWindow; now: number; unit: string }) {
  const w = props.window;
  const unlimited = w.limit === -1;
  const share = unlimited || w.limit === 0 ? 0 : Math.min(100, Math.round((w.used / w.limit) * 100));
  return (
    <tr data-window={props.name.toLowerCase()}>
      <th scope="row">{props.name}</th>
      <td data-label="Used" class="num">
        <span class="cell">
          {count(w.used)}
          {!unlimited && (
            <span class="bar" aria-hidden="true">
              <span class={share >= 90 ? 'bar__fill bar__fill--high' : 'bar__fill'} data-share={String(share)} />
            </span>
          )}
        </span>
      </td>
      <td data-label="Limit" class="num">
        {unlimited ? 'Unlimited' : `${count(w.limit)} ${props.unit}`}
      </td>
      <td data-label="Remaining" class="num">
        {unlimited ? '—' : count(w.remaining)}
      </td>
      <td data-label="Resets">
        <span class="cell">
          <time datetime={isoTime(w.resetAt)}>{utcTime(w.resetAt)}</time>{' '}
          <span class="muted">({timeUntil(w.resetAt, props.now)})</span>
        </span>
      </td>
    </tr>
  );
}

function VerifyNotice() {
  return (
    <section class="notice notice--warning" aria-labelledby="verify-title">
      <h2 id="verify-title">Verify your email address</h2>
      <p>
        Until you open the link we emailed you, API keys, PDF and UBL output, batches and webhooks stay locked. The link
        is valid for 24 hours.
      </p>
      <div class="actions">
        <button type="button" class="button button--secondary" data-action="resend">
          Send a new verification link
        </button>
        <p class="inline-status" role="status" data-out="resend-status" />
      </div>
    </section>
  );
}

function KeyCard(props: { maskedKey: string | null; verified: boolean }) {
  return (
    <section class="card" aria-labelledby="key-title" data-key-card>
      <h2 id="key-title">API key</h2>
      <p class="key-value">
        <code data-out="masked-key">{props.maskedKey ?? 'No key yet'}</code>
      </p>
      <p class="muted">
        Send it as <code>Authorization: Bearer &lt;key&gt;</code>. We keep only a hash of it, so it is shown in full
        once, when it is made. Keep it on your server, never in a web page or app.
      </p>
      {props.verified ? (
        <div data-step="start">
          <button type="button" class="button" data-action="rotate-start" aria-controls="rotate-confirm">
            {props.maskedKey ? 'Rotate key…' : 'Create API key'}
          </button>
        </div>
      ) : (
        <p class="muted">Verify your email address to create a key.</p>
      )}
      <div id="rotate-confirm" class="confirm" data-step="confirm" hidden>
        <p>
          <strong>The current key stops working at once.</strong> Every program that uses it gets 401 until you give it
          the new key.
        </p>
        <div class="actions">
          <button type="button" class="button button--danger" data-action="rotate-confirm">
            Yes, rotate now
          </button>
          <button type="button" class="button button--secondary" data-action="rotate-cancel">
            Cancel
          </button>
        </div>
      </div>
      <div class="new-key" data-step="shown" tabindex={-1} hidden>
        <p class="notice notice--warning">
          <strong>Copy your new key now: it is shown only this once.</strong> The previous key no longer works.
        </p>
        <div class="field">
          <label for="new-key">Your new API key</label>
          <div class="copy-row">
            <input id="new-key" type="text" readonly autocomplete="off" spellcheck={false} data-out="new-key" />
            <button type="button" class="button button--secondary" data-action="copy" data-copy-from="new-key">
              Copy
            </button>
          </div>
        </div>
      </div>
      <p class="form-error" role="alert" data-out="key-error" hidden />
    </section>
  );
}

export function DashboardPage(props: { data: DashboardData; now: number }) {
  const d = props.data;
  return (
    <Layout title="Dashboard" path="/app" script="dashboard-page" user={d.email}>
      <div class="page-title">
        <h1>Dashboard</h1>
        <p>
          Signed in as <strong class="token">{d.email}</strong> · <a href="/app/account">Account and password</a>
        </p>
      </div>
      {!d.verified && <VerifyNotice />}
      <div class="dashboard-grid">
        <section class="card stat" aria-labelledby="plan-title">
          <h2 id="plan-title">Plan</h2>
          <p class="stat__value" data-out="plan">
            {PLAN_NAMES[d.tier]}
          </p>
          <p class="muted">
            {d.monthly.limit === -1 ? 'Unlimited documents' : `${count(d.monthly.limit)} documents a month`}
          </p>
          {d.pdfs && (
            <p class="muted" data-out="pdfs">
              {count(d.pdfs.used)} of {count(d.pdfs.limit)} PDFs used this month (PDFs and Factur-X PDFs count among the
              documents)
            </p>
          )}
        </section>
        <section class="card stat" aria-labelledby="credits-title">
          <h2 id="credits-title">Legacy render credits</h2>
          <p class="stat__value" data-out="credits">
            {count(d.credits.total - d.credits.used)} left
          </p>
          <p class="muted">
            {count(d.credits.used)} of {count(d.credits.total)} used on <code>POST /api/render</code>
          </p>
        </section>
      </div>
      <KeyCard maskedKey={d.maskedKey} verified={d.verified} />
      <section class="card" aria-labelledby="usage-title">
        <h2 id="usage-title">Usage</h2>
        <p class="muted">
          The windows of the <code>X-RateLimit-*</code> headers: the UTC clock hour, the ISO week and the calendar
          month. Every call counts in the hour and the week; every document produced in the month.
        </p>
        <table class="table table--stack">
          <thead>
            <tr>
              <th scope="col">Window</th>
              <th scope="col" class="num">
                Used
              </th>
              <th scope="col" class="num">
                Limit
              </th>
              <th scope="col" class="num">
                Remaining
              </th>
              <th scope="col">Resets</th>
            </tr>
          </thead>
          <tbody>
            <UsageRow name="Hourly" window={d.hourly} now={props.now} unit="calls" />
            <UsageRow name="Weekly" window={d.weekly} now={props.now} unit="calls" />
            <UsageRow name="Monthly" window={d.monthly} now={props.now} unit="documents" />
          </tbody>
        </table>
      </section>
    </Layout>
  );
}
