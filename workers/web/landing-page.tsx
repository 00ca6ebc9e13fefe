/** @jsxImportSource hono/jsx */
// `/`: what the service does, a live example whose totals the page computes as you type (the bundled
// @invoice/model, the same code the API runs), and the ways in: sign up and the API reference.
import { EXAMPLE_CURRENCIES, EXAMPLE_REQUEST, type ExampleTotals, exampleTotals } from './landing-example.ts';
import { Layout } from './layout.tsx';

const FEATURES = [
  [
    'Totals you can trust',
    'Line and global discounts, multi-component and tax-inclusive pricing, shipping, deposits and rounding, computed exactly in decimal arithmetic.',
  ],
  [
    'PDF and e-invoices',
    'Five templates, 11 languages (Arabic right to left), every ISO 4217 currency (KWD with 3 decimals, JPY with none), logo, signature and a payment QR code; UBL 2.1, CII and Factur-X (EN 16931) from the same invoice, credit notes too.',
  ],
  [
    'Links, webhooks and clients',
    'A signed 7-day link to every invoice, batches of 50, signed webhooks, a typed TypeScript SDK and an MCP server for AI agents.',
  ],
] as const;

function ExampleLine(props: { index: number; item: (typeof EXAMPLE_REQUEST.items)[number]; total: string }) {
  const n = props.index + 1;
  return (
    <fieldset class="example-line" data-line={props.index}>
      <legend>Line {n}</legend>
      <div class="field field--wide">
        <label for={`line-${n}-description`}>Description</label>
        <input id={`line-${n}-description`} name="description" type="text" value={props.item.description} />
      </div>
      <div class="field">
        <label for={`line-${n}-quantity`}>Quantity</label>
        <input
          id={`line-${n}-quantity`}
          name="quantity"
          type="number"
          min="0"
          step="any"
          inputmode="decimal"
          value={String(props.item.quantity)}
        />
      </div>
      <div class="field">
        <label for={`line-${n}-price`}>Unit price</label>
        <input
          id={`line-${n}-price`}
          name="unit_price"
          type="number"
          min="0"
          step="any"
          inputmode="decimal"
          value={String(props.item.unit_price)}
        />
      </div>
      <p class="example-line__total">
        Line total{' '}
        <output data-out="line" for={`line-${n}-quantity line-${n}-price`}>
          {props.total}
        </output>
      </p>
    </fieldset>
  );
}

function LiveExample(props: { totals: ExampleTotals }) {
  const t = props.totals;
  return (
    <section class="card example" aria-labelledby="example-title">
      <h2 id="example-title">Try it: an invoice, computed as you type</h2>
      <form id="example" data-request={JSON.stringify(EXAMPLE_REQUEST)} novalidate>
        {EXAMPLE_REQUEST.items.map((item, i) => (
          <ExampleLine index={i} item={item} total={t.lines[i]} />
        ))}
        <div class="example-globals">
          <div class="field">
            <label for="example-currency">Currency</label>
            <select id="example-currency" name="currency">
              {EXAMPLE_CURRENCIES.map((c) => (
                <option value={c} selected={c === EXAMPLE_REQUEST.invoice.currency}>
                  {c}
                </option>
              ))}
            </select>
          </div>
          <div class="field">
            <label for="example-discount">Discount %</label>
            <input
              id="example-discount"
              name="global_discount"
              type="number"
              min="0"
              max="100"
              step="any"
              inputmode="decimal"
              value={String(EXAMPLE_REQUEST.global_discount)}
            />
          </div>
          <div class="field">
            <label for="example-tax">Tax %</label>
            <input
              id="example-tax"
              name="global_tax"
              type="number"
              min="0"
              max="100"
              step="any"
              inputmode="decimal"
              value={String(EXAMPLE_REQUEST.global_tax)}
            />
          </div>
        </div>
        <dl class="totals" aria-live="polite">
          <div>
            <dt>Subtotal</dt>
            <dd data-out="subtotal">{t.subtotal}</dd>
          </div>
          <div>
            <dt>Discount</dt>
            <dd data-out="discount">{t.discount}</dd>
          </div>
          <div>
            <dt>Tax</dt>
            <dd data-out="tax">{t.tax}</dd>
          </div>
          <div class="totals__grand">
            <dt>Total</dt>
            <dd data-out="total">{t.total}</dd>
          </div>
        </dl>
        <p class="form-error" role="alert" data-out="error" hidden />
      </form>
      <details class="example-json">
        <summary>The request body</summary>
        <pre>
          <code data-out="json">{JSON.stringify(EXAMPLE_REQUEST, null, 2)}</code>
        </pre>
      </details>
    </section>
  );
}

export function LandingPage(props: { user: string | null }) {
  return (
    <Layout title="Invoices from one JSON call" path="/" script="landing-page" user={props.user}>
      <section class="hero">
        <h1>Invoices from one JSON call</h1>
        <p class="lead">
          Send the lines of an invoice; get back exact totals as JSON, a finished PDF or a UBL 2.1 document, with a
          signed link you can share.
        </p>
        <p class="hero__actions">
          {props.user ? (
            <a class="button" href="/app">
              Go to your dashboard
            </a>
          ) : (
            <a class="button" href="/signup">
              Create a free account
            </a>
          )}
          <a class="button button--secondary" href="/docs">
            Read the API reference
          </a>
        </p>
      </section>
      <div class="landing-grid">
        <section aria-labelledby="features-title">
          <h2 id="features-title">What it does</h2>
          <ul class="features">
            {FEATURES.map(([title, text]) => (
              <li>
                <h3>{title}</h3>
                <p>{text}</p>
              </li>
            ))}
          </ul>
          <h2>Free to start</h2>
          <p>The free plan gives 40 calls an hour and 100 documents a month; JSON totals need no account at all.</p>
          <pre class="code-block">
            <code>{`curl -X POST ${'$'}BASE/api/generate-invoice \\
  -H 'Content-Type: application/json' \\
  -d @invoice.json`}</code>
          </pre>
        </section>
        <LiveExample totals={exampleTotals(EXAMPLE_REQUEST)} />
      </div>
    </Layout>
  );
}
