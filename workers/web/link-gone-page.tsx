/** @jsxImportSource hono/jsx */
// A hosted link that does not open, seen by its recipient in a browser (issue 26, decision H22): one page in
// the recipient's terms, the same bytes whether the link was unknown, tampered with, expired or revoked (no
// oracle). No session is read and no navigation shown: the reader is the sender's client, not a user here.
import { Layout } from './layout.tsx';
import { renderPage } from './render-page.ts';

export function linkGonePage(): Promise<Response> {
  return renderPage(
    <Layout title="Invoice link no longer valid" path="/api/i" script="site-page" user={null} narrow bare>
      <section class="card result result--error">
        <h1>This invoice link is no longer valid</h1>
        <p>Please ask the sender of the invoice for a new link.</p>
        <p class="muted">Invoice links work for a limited time, and the sender can withdraw one.</p>
      </section>
    </Layout>,
    { status: 404 },
  );
}
