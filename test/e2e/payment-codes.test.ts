// Issue 23 through the running Worker: a payment code built from the request, named in invoice.qr,
// drawn on the PDF the API returns and on the hosted link's PDF, read back as a phone reads it
// (pdftoppm at 150 dpi, jsQR: test/support/page-raster.ts), with the manual details printed beside it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readQrOnPages } from '../support/page-raster.ts';
import { readEmv, readEpc, readSwiss, readUpi, readZatca } from '../support/read-payment-payload.ts';
import { verifiedAccount } from './webhooks-fixtures.ts';

const baseUrl = inject('baseUrl');
type Json = Record<string, any>;

const dir = mkdtempSync(join(tmpdir(), 'payment-codes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A page (the first unless told) at 150 dpi, decoded; and the document's text. */
function readPdf(pdf: Uint8Array, name: string, page = 1): { qr?: string; text: string } {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
  return { qr: readQrOnPages(file, [page]), text };
}

const CASES = {
  sepa: { currency: 'EUR', language: 'de', template: 'modern', amount: (p: string) => readEpc(p).amount.slice(3) },
  upi: { currency: 'INR', language: 'en', template: 'bold', amount: (p: string) => readUpi(p).params.am },
  pix: { currency: 'BRL', language: 'pt', template: 'navy', amount: (p: string) => readEmv(p).get('54') },
  zatca: { currency: 'SAR', language: 'ar', template: 'classic', amount: (p: string) => readZatca(p)[4] },
} as const;

describe('issue 23: payment codes through the Worker', () => {
  let apiKey: string;
  beforeAll(async () => {
    ({ apiKey } = await verifiedAccount(baseUrl, 'payment-codes'));
  });

  const post = (body: unknown) =>
    fetch(`${baseUrl}/api/generate-invoice`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  it.each(Object.entries(CASES))(
    '%s: invoice.qr.payload is the code on the PDF and on the hosted PDF',
    async (type, c) => {
      const body = {
        from: { name: 'Acme Ltda', city: 'Curitiba', tax_id: '310122393500003' },
        to: { name: 'Globex' },
        invoice: { number: `PAY-${type}`, date: '2026-03-02', currency: c.currency, language: c.language },
        items: [{ description: 'Consulting', quantity: 2, unit_price: 150, tax_rate: 15 }],
        amount_paid: 45,
        template: c.template,
        payment: {
          iban: 'DE89 3704 0044 0532 0130 00',
          upi_id: 'acme@okbank',
          pix_key: '12345678000195',
          qr: { type },
        },
      };
      const json = (await (await post(body)).json()) as Json;
      const { payload } = json.invoice.qr;
      expect(json.invoice.qr.source).toBe('payment');
      // the code asks for the balance due (zatca: the total with VAT)
      expect(Number(c.amount(payload))).toBe(type === 'zatca' ? json.invoice.grand_total : json.invoice.balance_due);

      const pdf = await post({ ...body, output: 'pdf' });
      expect(pdf.status).toBe(200);
      const drawn = readPdf(new Uint8Array(await pdf.arrayBuffer()), `${type}-api`);
      expect(drawn.qr).toBe(payload);
      if (type === 'sepa') expect(drawn.text).toContain('DE89 3704 0044 0532 0130 00');

      const hosted = await fetch(json.invoice.hosted_url);
      expect(hosted.headers.get('Content-Type')).toBe('application/pdf');
      expect(readPdf(new Uint8Array(await hosted.arrayBuffer()), `${type}-hosted`).qr).toBe(payload);
    },
  );

  it('swiss: the QR-bill on the last page carries invoice.qr.payload, for the balance due', async () => {
    const body = {
      from: { name: 'Atelier Biel GmbH', street: 'Rue du Lac 1268', postal_code: '2501', city: 'Biel', country: 'CH' },
      to: { name: 'Contoso AG', street: 'Hauptstrasse 5', postal_code: '8001', city: 'Zürich', country: 'CH' },
      invoice: { number: 'PAY-swiss', date: '2026-03-02', currency: 'CHF', language: 'fr' },
      items: [{ description: 'Conseil', quantity: 2, unit_price: 150, tax_rate: 8.1 }],
      amount_paid: 45,
      payment: {
        iban: 'CH44 3199 9123 0008 8901 2',
        reference: '21 00000 00003 13947 14300 09017',
        qr: { type: 'swiss' },
      },
    };
    const json = (await (await post(body)).json()) as Json;
    const { payload } = json.invoice.qr;
    const read = readSwiss(payload);
    expect(read.iban).toBe('CH4431999123000889012');
    expect(Number(read.amount)).toBe(json.invoice.balance_due);
    expect(read.currency).toBe('CHF');
    const pdf = new Uint8Array(await (await post({ ...body, output: 'pdf' })).arrayBuffer());
    writeFileSync(join(dir, 'swiss-count.pdf'), pdf);
    const pages = Number(
      /^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [join(dir, 'swiss-count.pdf')], { encoding: 'utf8' }))?.[1],
    );
    const drawn = readPdf(pdf, 'swiss-api', pages);
    expect(drawn.qr).toBe(payload);
    expect(drawn.text).toContain('Section paiement');
  });
});
