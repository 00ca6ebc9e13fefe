/** @jsxImportSource hono/jsx */
// `/docs`: the API reference, drawn from /openapi.json by Scalar's viewer (@scalar/api-reference, its
// standalone build kept in web/vendor and copied into /assets/vendor at build time), which web/client/docs-page.ts loads and
// starts with its CDN fonts, proxy and hosted services off: everything it loads comes from this origin.
import { DocsLinks } from './guide-section.tsx';
import { Layout } from './layout.tsx';

export function DocsPage(props: { user: string | null }) {
  return (
    <Layout title="API reference" path="/docs" script="docs-page" user={props.user} wide>
      <DocsLinks current="/docs" />
      <noscript>
        <p class="notice">
          The reference needs JavaScript. The same description is at <a href="/openapi.json">/openapi.json</a>.
        </p>
      </noscript>
      <div id="reference-root" data-openapi-url="/openapi.json" />
    </Layout>
  );
}
