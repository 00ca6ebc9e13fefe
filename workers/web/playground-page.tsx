/** @jsxImportSource hono/jsx */
// `/app/playground` (signed-in): an invoice form and a JSON editor of the same request body, kept in
// sync both ways; totals computed in the browser by @invoice/model as you type; a PDF preview
// (POST /api/preview), PDF and UBL downloads (POST /api/generate-invoice with the session cookie) and
// the same call as a curl command. `?lang=ar` shows the page itself right to left, starting from an
// Arabic invoice. The behaviour is web/client/playground-*.ts; docs/web.md, docs/decisions.md A-PG1.
import { Layout } from './layout.tsx';
import { CURRENCY_CODES, LANGUAGE_NAMES, playgroundExample, TEMPLATE_NAMES } from './playground-example.ts';
import { ChargeFields, ItemRow, PartyFields, SelectField, TextArea, TextField } from './playground-fields.tsx';

const CURRENCIES = CURRENCY_CODES.map((c) => [c, c] as const);
const LANGUAGES = Object.entries(LANGUAGE_NAMES) as [string, string][];
const TEMPLATES = TEMPLATE_NAMES.map((t) => [t, t[0].toUpperCase() + t.slice(1)] as const);
const PROFILES = [
  ['en16931', 'EN 16931'],
  ['peppol', 'Peppol BIS 3.0 (UBL)'],
  ['xrechnung', 'XRechnung 3.0'],
] as const;

function InvoiceFields() {
  return (
    <fieldset class="pg-group pg-meta">
      <legend>Invoice</legend>
      <TextField id="invoice-number" label="Invoice number" path="invoice.number" hint="Blank: generated" />
      <TextField id="invoice-date" label="Date" path="invoice.date" type="date" />
      <TextField id="invoice-due-date" label="Due date" path="invoice.due_date" type="date" />
      <SelectField id="invoice-currency" label="Currency" path="invoice.currency" options={CURRENCIES} />
      <SelectField id="invoice-language" label="Language" path="invoice.language" options={LANGUAGES} />
      <SelectField id="template" label="Template" path="template" options={TEMPLATES} />
      <SelectField
        id="einvoice-profile"
        label="E-invoice profile"
        path="einvoice_profile"
        options={PROFILES}
        hint="For the UBL and CII downloads"
      />
      <TextField
        id="invoice-buyer-reference"
        label="Buyer reference"
        path="invoice.buyer_reference"
        hint="XRechnung: the Leitweg-ID"
        ltr
      />
      <div class="field">
        <label for="accent-color">Accent colour</label>
        <div class="pg-inline">
          <input
            type="color"
            id="accent-color"
            name="accent-color"
            data-path="accent_color"
            aria-describedby="accent-color-error"
          />
          <button
            type="button"
            class="button button--secondary button--small"
            data-action="clear-accent"
            aria-label="Reset the accent colour to the template's"
          >
            Reset
          </button>
        </div>
        <p class="field-error" id="accent-color-error" data-error-for="accent-color" hidden />
      </div>
      <div class="field field--wide">
        <label for="logo">Logo (PNG or JPEG, at most 2.5 MB)</label>
        <div class="pg-inline">
          <input type="file" id="logo" name="logo" accept="image/png,image/jpeg" aria-describedby="logo-error" />
          <img class="pg-logo" data-logo-preview alt="The logo" hidden />
          <button type="button" class="button button--secondary button--small" data-action="remove-logo" hidden>
            Remove the logo
          </button>
        </div>
        <p class="field-error" id="logo-error" data-error-for="logo" data-own-message role="alert" hidden />
      </div>
    </fieldset>
  );
}

/**
 * Below 64rem the totals come after the whole form: this bar stays at the bottom of the screen while the form
 * scrolls by, with the total and a link to the totals and downloads (issue 27). It ends where the form ends.
 */
function SummaryBar() {
  return (
    <div class="pg-summary" data-summary>
      <p>
        Total <strong data-summary-total>–</strong>
      </p>
      <a class="button button--small" href="#totals-title">
        Downloads
      </a>
    </div>
  );
}

function SidePanel() {
  return (
    <aside class="pg-side" aria-label="Totals and actions">
      <section class="card pg-totals" aria-labelledby="totals-title">
        <h2 id="totals-title">Totals</h2>
        <p class="field__hint">Computed in your browser by the API's own code, as you type.</p>
        <dl class="totals" data-totals aria-live="polite" />
        <div class="form-error" data-problems role="alert" hidden />
        <div class="actions pg-actions">
          <button type="button" class="button" data-action="preview">
            Preview
          </button>
          <button type="button" class="button button--secondary" data-action="download-pdf">
            Download PDF
          </button>
          <button type="button" class="button button--secondary" data-action="download-facturx">
            Download Factur-X
          </button>
          <button type="button" class="button button--secondary" data-action="download-ubl">
            Download UBL
          </button>
          <button type="button" class="button button--secondary" data-action="download-cii">
            Download CII
          </button>
        </div>
        <p class="field__hint" data-download-note hidden />
        <p class="pg-status" data-action-status role="status" />
        <p class="form-error" data-action-error role="alert" hidden />
      </section>
      <section class="card pg-einvoice" aria-labelledby="einvoice-title">
        <h2 id="einvoice-title">E-invoice check</h2>
        <p class="field__hint">
          What the validators of the chosen profile would refuse in the UBL or CII, and the field that fixes it.
        </p>
        <p class="pg-einvoice__verdict" data-einvoice-verdict aria-live="polite" />
        <ul class="pg-einvoice__issues" data-einvoice-issues />
      </section>
    </aside>
  );
}

function CodePanels(props: { lang?: string }) {
  return (
    <div class="pg-code" lang={props.lang}>
      <section class="card" aria-labelledby="json-title">
        <h2 id="json-title">Request body</h2>
        <div class="field">
          <label for="pg-json">JSON (edit it: the form follows)</label>
          <textarea id="pg-json" class="pg-json" rows={22} spellcheck={false} aria-describedby="pg-json-error" />
          <p class="field-error" id="pg-json-error" role="alert" hidden />
        </div>
      </section>
      <section class="card" aria-labelledby="curl-title">
        <h2 id="curl-title">The same call with curl</h2>
        <p class="field__hint">
          Put your API key in $API_KEY: it is shown in full only once, when you create or rotate it on the dashboard.
          This page never shows it.
        </p>
        <pre class="code-block pg-curl">
          <code data-curl />
        </pre>
        <p class="actions">
          <button type="button" class="button button--secondary button--small" data-action="copy-curl">
            Copy the command
          </button>
          <span class="pg-status" data-copy-status role="status" />
        </p>
      </section>
    </div>
  );
}

export function PlaygroundPage(props: { user: string; language: 'en' | 'ar' }) {
  const rtl = props.language === 'ar';
  return (
    <Layout
      title="Playground"
      path="/app/playground"
      script="playground-page"
      user={props.user}
      lang={props.language}
      dir={rtl ? 'rtl' : 'ltr'}
    >
      <div class="page-title pg-title" lang={rtl ? 'en' : undefined}>
        <div>
          <h1>Playground</h1>
          <p>Build an invoice, watch its totals, preview it and download the PDF or the UBL.</p>
        </div>
        <a
          href={rtl ? '/app/playground' : '/app/playground?lang=ar'}
          lang={rtl ? 'en' : 'ar'}
          hreflang={rtl ? 'en' : 'ar'}
        >
          {rtl ? 'English, left to right' : 'العربية، من اليمين إلى اليسار'}
        </a>
      </div>
      <div
        class="pg"
        id="playground"
        lang={rtl ? 'en' : undefined}
        data-request={JSON.stringify(playgroundExample(props.language))}
      >
        <form class="pg-form" id="pg-form" aria-label="Invoice" novalidate>
          <InvoiceFields />
          <div class="pg-parties">
            <PartyFields party="from" title="From (you)" />
            <PartyFields party="to" title="To (your client)" />
          </div>
          <section class="pg-group pg-items" aria-labelledby="items-title">
            <h2 id="items-title">Items</h2>
            <div data-items />
            <template id="item-template">
              <ItemRow />
            </template>
            <button type="button" class="button button--secondary" data-action="add-item">
              Add an item
            </button>
          </section>
          <ChargeFields />
          <fieldset class="pg-group">
            <legend>Notes</legend>
            <TextArea id="notes" label="Notes on the invoice" path="notes" invoiceText wide rows={3} />
          </fieldset>
          <SummaryBar />
        </form>
        <SidePanel />
      </div>
      <section class="card pg-preview" lang={rtl ? 'en' : undefined} aria-labelledby="preview-title" data-preview-area>
        <h2 id="preview-title">Preview</h2>
        <p class="field__hint" data-preview-hint>
          Press Preview to see the PDF here, marked PREVIEW (at most 120 previews an hour).
        </p>
        <div class="pg-preview__body" data-invoice-area>
          <iframe class="pg-preview__frame" title="Invoice preview (PDF)" data-preview-frame hidden />
        </div>
      </section>
      <CodePanels lang={rtl ? 'en' : undefined} />
    </Layout>
  );
}
