/** @jsxImportSource hono/jsx */
// `/app`: the plan with its limits and how to get a bigger one, usage against the hourly, weekly and monthly
// windows with their reset times (the numbers of the API's rate-limit headers), the API key (masked; rotating it
// shows the new key once, in web/client/dashboard-page.ts), and last, small, the legacy /api/render credits.
// Unverified accounts get the resend button here.
import type { Tier } from '../accounts/caller.ts';
import type { PlanLimits } from '../limits/plans.ts';
import { CopyField } from './copy-field.tsx';
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

/** A plan's limits in the words of the usage table: calls count in the hour and week, documents in the month. */
function limitsText(l: PlanLimits): string {
  const parts = [
    l.hourly === null ? 'unlimited calls an hour' : `${count(l.hourly)} calls an hour`,
    l.weekly === null ? 'unlimited a week' : `${count(l.weekly)} a week`,
  ];
  if (l.monthly !== null) parts.push(`${count(l.monthly)} documents a month`);
  return parts.join(' · ');
}

function PlanCard(props: { d: DashboardData }) {
  const { d } = props;
  const p = d.plan;
  const next = d.nextPlan;
  const ask = next && `Plan change: ${d.email} to ${PLAN_NAMES[next.tier]}`;
  return (
    <section class="card plan" aria-labelledby="plan-title">
      <h2 id="plan-title">
        Plan: <span data-out="plan">{PLAN_NAMES[d.tier]}</span>
      </h2>
      <ul class="plan__limits" data-out="plan-limits">
        <li>
          <strong>{p.hourly === null ? 'Unlimited' : count(p.hourly)}</strong> calls an hour
        </li>
        <li>
          <strong>{p.weekly === null ? 'Unlimited' : count(p.weekly)}</strong> calls a week
        </li>
        <li>
          <strong>{p.monthly === null ? 'Unlimited' : count(p.monthly)}</strong> documents a month
        </li>
        <li>
          {p.monthlyPdfs === null ? (
            <>
              <strong>Every</strong> document may be a PDF
            </>
          ) : (
            <>
              <strong>{count(p.monthlyPdfs)}</strong> of them PDFs
            </>
          )}
        </li>
      </ul>
      {d.pdfs && (
        <p class="muted" data-out="pdfs">
          {count(d.pdfs.used)} of {count(d.pdfs.limit)} PDFs used this month (PDFs and Factur-X PDFs count among the
          documents)
        </p>
      )}
      {next && (
        <p class="plan__more" data-out="bigger-plan">
          Need more? {PLAN_NAMES[next.tier]}: {limitsText(next.limits)}
          {next.limits.monthly === null && ' · no monthly quota'}. Plans are changed on request by the team that runs
          this service
          {d.contact ? (
            <>
              : <a href={`mailto:${d.contact}?subject=${encodeURIComponent(ask!)}`}>write to {d.contact}</a>.
            </>
          ) : (
            ': ask them.'
          )}
        </p>
      )}
    </section>
  );
}

function CreditsNote(props: { credits: DashboardData['credits'] }) {
  const c = props.credits;
  return (
    <section class="card card--minor" aria-labelledby="credits-title">
      <h2 id="credits-title">Legacy /api/render credits</h2>
      <p class="muted">
        <span data-out="credits">{count(c.total - c.used)} left</span> ({count(c.used)} of {count(c.total)} used) for
        the legacy <code>POST /api/render</code> interface only. The plan above is what every other call uses.
      </p>
    </section>
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
      <h2 id="key-title">Primary API key</h2>
      <p class="key-value">
        <code data-out="masked-key">{props.maskedKey ?? 'No key yet'}</code>
      </p>
      <p class="muted">
        Send it as <code>Authorization: Bearer &lt;key&gt;</code>. We keep only a hash of it, so it is shown in full
        once, when it is made. Keep it on your server, never in a web page or app. More keys, live and test, on the{' '}
        <a href="/app/keys">API keys</a> page.
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
          <strong>Copy your new key now: it is shown only this once.</strong>
          <span data-out="previous-key" hidden>
            {' '}
            The previous key no longer works.
          </span>
        </p>
        <CopyField id="new-key" out="new-key" label="Your new API key" />
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
      <PlanCard d={d} />
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
        <p class="muted" data-out="test-usage">
          Test keys, apart from your plan: {count(d.testCalls.used)} of {count(d.testCalls.limit)} calls this hour.
        </p>
      </section>
      <CreditsNote credits={d.credits} />
    </Layout>
  );
}
