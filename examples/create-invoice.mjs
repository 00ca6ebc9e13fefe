// Creates an invoice with @invoice/client and saves its PDF.
//
//   INVOICE_API_KEY=inv_sk_… INVOICE_BASE_URL=http://localhost:8787 node examples/create-invoice.mjs [invoice.pdf]
//
// Run by test/e2e/sdk-examples.test.ts against wrangler dev, so it keeps working.
import { writeFile } from 'node:fs/promises';
import { InvoiceApiError, InvoiceClient } from '@invoice/client';

const client = new InvoiceClient({
  apiKey: process.env.INVOICE_API_KEY,
  baseUrl: process.env.INVOICE_BASE_URL ?? 'http://localhost:8787',
});
const out = process.argv[2] ?? 'invoice.pdf';

try {
  // `output: 'pdf'` resolves to the PDF's bytes (a Uint8Array); the SDK sends an Idempotency-Key, so
  // its automatic retry after a 429 or 503 can never create the invoice twice.
  const pdf = await client.invoices.generate({
    from: { name: 'Acme GmbH', street: 'Hauptstr. 1', postal_code: '10115', city: 'Berlin', country: 'DE' },
    to: { name: 'Globex Ltd', street: '1 Main Street', city: 'London', country: 'GB' },
    invoice: { currency: 'EUR' },
    items: [
      { description: 'Consulting', quantity: 3, unit_price: 120, tax_rate: 19 },
      { description: 'Travel', quantity: 1, unit_price: 80.5, tax_rate: 7 },
    ],
    output: 'pdf',
  });
  await writeFile(out, pdf);
  console.log(`saved ${out} (${pdf.length} bytes)`);
} catch (err) {
  if (!(err instanceof InvoiceApiError)) throw err;
  // status, code (from the contract), the field the message names, and the request id for support.
  console.error(`${err.status} ${err.code}${err.field ? ` at ${err.field}` : ''}: ${err.message} (${err.requestId})`);
  process.exitCode = 1;
}
