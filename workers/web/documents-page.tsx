/** @jsxImportSource hono/jsx */
// `/app/documents` (issue 26): the account's documents with a hosted link, searchable by number, each with
// open, copy link and revoke (after a confirmation). The list is drawn by web/client/documents-page.ts from
// GET /api/documents, which the page uses for every read and write, so it shows exactly what the API answers.
import { Layout } from './layout.tsx';

export function DocumentsPage(props: { user: string }) {
  return (
    <Layout title="Documents" path="/app/documents" script="documents-page" user={props.user}>
      <div class="page-title">
        <h1>Documents</h1>
        <p>
          Every invoice and credit note you generated with a hosted link, newest first, until its link expires (7 days).
          Revoke a link sent to the wrong client: it stops opening at once.
        </p>
      </div>
      <section class="card" aria-labelledby="list-title">
        <h2 id="list-title">Your documents</h2>
        <form id="search-documents" class="search-row" novalidate>
          <label for="document-number">Invoice number</label>
          <div class="copy-row">
            <input
              id="document-number"
              name="number"
              type="search"
              maxlength={100}
              autocomplete="off"
              spellcheck={false}
              placeholder="Starts with… e.g. INV-2026"
            />
            <button class="button button--secondary" type="submit">
              Search
            </button>
          </div>
        </form>
        <p class="form-error" role="alert" data-out="list-error" hidden />
        <p class="muted" data-out="list-status" role="status">
          Loading…
        </p>
        <ul class="document-list" data-out="list" />
        <button type="button" class="button button--secondary" data-action="more" hidden>
          Show more
        </button>
      </section>
    </Layout>
  );
}
