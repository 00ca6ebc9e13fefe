/** @jsxImportSource hono/jsx */
// `/app/keys` (issue 26): the account's API keys, live and test, with their last use; a form to create a named key
// (shown once, with a copy button) and per key a delete with confirmation. Drawn by web/client/keys-page.ts from
// GET/POST/DELETE /api/keys, which the page uses for every read and write.
import { CopyField } from './copy-field.tsx';
import { Layout } from './layout.tsx';

function CreateKeyForm() {
  return (
    <section class="card" aria-labelledby="create-title">
      <h2 id="create-title">Create a key</h2>
      <div class="new-secret" data-step="key" tabindex={-1} hidden>
        <p class="notice notice--warning">
          <strong>Copy the key now: it is shown only this once.</strong> Later you will see only its last 4 characters.
        </p>
        <CopyField
          id="new-key"
          out="key"
          label={
            <>
              API key <span class="muted" data-out="key-name" />
            </>
          }
        />
      </div>
      <form id="create-key" novalidate>
        <p class="form-error" role="alert" tabindex={-1} hidden />
        <div class="field">
          <label for="key-name">Name</label>
          <input
            id="key-name"
            name="name"
            type="text"
            required
            maxlength={64}
            placeholder="CI server"
            aria-describedby="key-name-hint"
          />
          <p class="field__hint" id="key-name-hint">
            Where the key will live, so you know which one to delete later.
          </p>
        </div>
        <fieldset class="checks">
          <legend>Mode</legend>
          <label>
            <input type="radio" name="mode" value="live" checked />
            <span>
              Live <span class="muted">· real documents, counted in your plan</span>
            </span>
          </label>
          <label>
            <input type="radio" name="mode" value="test" />
            <span>
              Test <span class="muted">· documents marked TEST, 200 calls an hour outside your plan</span>
            </span>
          </label>
        </fieldset>
        <button class="button" type="submit">
          Create key
        </button>
      </form>
    </section>
  );
}

export function KeysPage(props: { user: string }) {
  return (
    <Layout title="API keys" path="/app/keys" script="keys-page" user={props.user}>
      <div class="page-title">
        <h1>API keys</h1>
        <p>
          Up to 10 keys. Rotate without downtime: create a key, deploy it, then delete the old one. A deleted key stops
          working at once.
        </p>
      </div>
      <section class="card" aria-labelledby="keys-title">
        <h2 id="keys-title">Your keys</h2>
        <p class="form-error" role="alert" data-out="list-error" hidden />
        <p class="muted" data-out="list-status" role="status">
          Loading…
        </p>
        <ul class="webhook-list" data-out="list" />
      </section>
      <CreateKeyForm />
    </Layout>
  );
}
