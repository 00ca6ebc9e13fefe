/** @jsxImportSource hono/jsx */
// `/app/webhooks`: the account's webhooks, a form to add one (the secret is shown once), and per webhook
// delete, a test event and its recent deliveries with redeliver. The list is drawn by
// web/client/webhooks-page.ts from the JSON API, which the page uses for every read and write, so the
// page shows exactly what the API answers, errors included.
import { CopyField } from './copy-field.tsx';
import { Layout } from './layout.tsx';

const EVENTS = [
  ['invoice.generated', 'Each generated invoice'],
  ['batch.generated', 'Each batch with at least one invoice'],
] as const;

/**
 * What the address policy (workers/net/url-policy.ts) accepts, in the words of its refusals; local development
 * (DEV_MODE) also accepts a receiver on this machine, as webhook-create-body.ts does.
 */
function urlHint(devMode: boolean): string {
  const rules =
    'An https:// URL to a public host: not localhost, a private network name (*.local, *.internal, …) or a private IP address.';
  return devMode ? `${rules} Here (local development) http://localhost and http://127.0.0.1 work too.` : rules;
}

function AddWebhookForm(props: { devMode: boolean }) {
  return (
    <section class="card" aria-labelledby="add-title">
      <h2 id="add-title">Add a webhook</h2>
      <div class="new-secret" data-step="secret" tabindex={-1} hidden>
        <p class="notice notice--warning">
          <strong>Copy the signing secret now: it is shown only this once.</strong> Later you will see only its last 4
          characters.
        </p>
        <p class="muted">
          For <code data-out="secret-url" />
        </p>
        <CopyField id="new-secret" out="secret" label="Signing secret" />
      </div>
      <form id="add-webhook" novalidate>
        <p class="form-error" role="alert" tabindex={-1} hidden />
        <div class="field">
          <label for="webhook-url">Endpoint URL</label>
          <input
            id="webhook-url"
            name="url"
            type="url"
            inputmode="url"
            required
            placeholder="https://example.com/hooks/invoices"
            aria-describedby="webhook-url-hint"
          />
          <p class="field__hint" id="webhook-url-hint">
            {urlHint(props.devMode)}
          </p>
        </div>
        <fieldset class="checks">
          <legend>Events</legend>
          {EVENTS.map(([name, text], i) => (
            <label>
              <input type="checkbox" name="events" value={name} checked={i === 0} />
              <span>
                <code>{name}</code> <span class="muted">· {text}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <button class="button" type="submit">
          Add webhook
        </button>
      </form>
    </section>
  );
}

export function WebhooksPage(props: { user: string; devMode: boolean }) {
  return (
    <Layout title="Webhooks" path="/app/webhooks" script="webhooks-page" user={props.user}>
      <div class="page-title">
        <h1>Webhooks</h1>
        <p>
          We POST a signed event to your endpoint whenever your account generates invoices. At most 10 webhooks. Every
          delivery is signed with the secret shown once after adding; pause, resume or change a webhook at any time.
        </p>
      </div>
      <section class="card" aria-labelledby="list-title">
        <h2 id="list-title">Your webhooks</h2>
        <p class="form-error" role="alert" data-out="list-error" hidden />
        <p class="muted" data-out="list-status" role="status">
          Loading…
        </p>
        <ul class="webhook-list" data-out="list" />
      </section>
      <AddWebhookForm devMode={props.devMode} />
    </Layout>
  );
}
