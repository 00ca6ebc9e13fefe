// Issue 12, the playground in headless Chromium, signed in: the form and the JSON editor follow each
// other, the totals change as items come and go and equal POST /api/generate-invoice's for five
// invoices, Arabic is right to left, and nothing breaks the CSP. Calls: web-playground-actions.test.ts.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PLAYGROUND_CASES } from './web-playground-cases.ts';
import { type PlaygroundSession, playgroundSession, total, typeJson } from './web-playground-session.ts';

const baseUrl = inject('baseUrl');
let session: PlaygroundSession;
const open = (path?: string) => session.open(path);

beforeAll(async () => {
  session = await playgroundSession(baseUrl);
});
afterAll(async () => {
  await session?.browser.close();
});

describe('playground in Chromium (issue 12)', () => {
  it('builds an invoice in the form: totals follow as items are added, edited and removed', async () => {
    const { page, problems } = await open();
    expect(await page.getByLabel('Name').first().inputValue()).toBe('Studio North');
    // 12 × 85 + (240 − 10 %) = 1,236.00
    expect(await total(page, 'subtotal')).toBe(1236);
    expect(await page.locator('[data-total="subtotal"]').textContent()).toBe('€1,236.00');

    await page.getByRole('button', { name: 'Add an item' }).click();
    // The new row's description has the focus, and the model says what it lacks, next to it.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('item-3-description');
    await expect
      .poll(() => page.locator('#item-3-description-error').textContent())
      .toBe('is required and must not be empty');
    expect(await page.locator('#item-3-description').getAttribute('aria-invalid')).toBe('true');
    await page.keyboard.type('Workshop');
    await page.getByLabel('Quantity').nth(2).fill('2');
    await page.getByLabel('Unit price').nth(2).fill('150');
    await expect.poll(() => total(page, 'subtotal')).toBe(1536);
    expect(await page.locator('#item-3-description-error').isHidden()).toBe(true);
    expect(await page.locator('[data-item-total]').nth(2).textContent()).toBe('€300.00');

    // A number the model refuses: its own words next to the field, the totals keep the last good ones.
    await page.getByLabel('Quantity').nth(2).fill('-1');
    await expect.poll(() => page.locator('#item-3-quantity-error').textContent()).toBe('must be at least 0');
    expect(await page.locator('[data-problems]').textContent()).toContain('items[2].quantity: must be at least 0');
    await page.getByLabel('Quantity').nth(2).fill('2');

    // Remove the first row with the keyboard: the button is named for its row.
    await page.getByRole('button', { name: 'Remove item 1' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => total(page, 'subtotal')).toBe(516);
    expect(await page.locator('[data-item-row]').count()).toBe(2);
    expect(await page.locator('[data-item-row] legend').allTextContents()).toEqual(['Item 1', 'Item 2']);
    expect(await page.getByRole('button', { name: /^Remove item \d$/ }).count()).toBe(2);

    // Global discount and tax from the form, in the JSON editor too.
    await page.getByLabel('Discount', { exact: true }).last().fill('16');
    await page.getByLabel('Discount in').last().selectOption('amount');
    await expect.poll(() => total(page, 'discount_total')).toBe(16);
    const body = JSON.parse(await page.locator('#pg-json').inputValue());
    expect(body).toMatchObject({ global_discount: 16, global_discount_type: 'amount', global_tax: 21 });
    expect(body.items.map((i: { description: string }) => i.description)).toEqual(['Hosting, one year', 'Workshop']);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('edits in the JSON editor update the form; invalid JSON says where and keeps the form', async () => {
    const { page, problems } = await open();
    const json = page.locator('#pg-json');
    const body = JSON.parse(await json.inputValue());
    body.from.name = 'Nordlicht AB';
    body.invoice.currency = 'SEK';
    body.items.push({ description: 'Support', quantity: 3, unit_price: 100, tax_rate: 6 });
    body.global_taxes = [
      { name: 'VAT', rate: 25 },
      { name: 'Eco', rate: 1 },
    ];
    delete body.global_tax;
    body.payment = { iban: 'SE4550000000058398257466' }; // not in the form: kept through form edits
    // Each refresh rewrites the curl command. Chromium fires an input event per line of the inserted text,
    // each seeing the whole new text: the page refreshes once, not once per event.
    await page.evaluate(() => {
      const w = window as unknown as { refreshes: number };
      w.refreshes = 0;
      new MutationObserver(() => w.refreshes++).observe(document.querySelector('[data-curl]')!, { childList: true });
    });
    await typeJson(page, body);
    await expect.poll(() => page.locator('#from-name').inputValue()).toBe('Nordlicht AB');
    expect(await page.evaluate(() => (window as unknown as { refreshes: number }).refreshes)).toBe(1);
    expect(await page.locator('#invoice-currency').inputValue()).toBe('SEK');
    expect(await page.locator('[data-item-row]').count()).toBe(3);
    expect(await page.locator('#item-3-tax-rate').inputValue()).toBe('6');
    expect(await page.locator('#tax-2-name').inputValue()).toBe('Eco');
    expect(await page.locator('[data-tax-line]').count()).toBeGreaterThan(1);

    await page.locator('#from-name').fill('Nordlicht');
    const after = JSON.parse(await json.inputValue());
    expect(after.from.name).toBe('Nordlicht');
    expect(after.payment).toEqual({ iban: 'SE4550000000058398257466' });

    await json.fill('{\n  "from": { "name": "X" },\n  "to": oops\n}');
    const error = page.locator('#pg-json-error');
    await expect
      .poll(() => error.textContent())
      .toBe('Not valid JSON at line 3, column 9: unexpected "o". The form keeps the last valid request.');
    expect(await json.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#from-name').inputValue()).toBe('Nordlicht');
    expect(await page.locator('[data-item-row]').count()).toBe(3);
    // A value outside a list: shown, and refused in the model's words.
    await typeJson(page, { ...after, invoice: { ...after.invoice, currency: 'XYZ' } });
    await expect
      .poll(() => page.locator('#invoice-currency-error').textContent())
      .toMatch(/^must be an active ISO 4217 code/);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('the totals equal POST /api/generate-invoice output json, for five invoices (D1)', async () => {
    const { page, problems } = await open();
    const keys = [
      'subtotal',
      'discount_total',
      'shipping',
      'total_tax',
      'rounding_adjustment',
      'grand_total',
      'deposit',
      'amount_paid',
      'balance_due',
    ];
    for (const request of PLAYGROUND_CASES) {
      await typeJson(page, request);
      await expect.poll(() => page.locator('[data-problems]').isHidden()).toBe(true);
      const res = await fetch(`${baseUrl}/api/generate-invoice`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${session.apiKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...request, features: { hosted_link: false } }),
      });
      expect(res.status).toBe(200);
      const api = ((await res.json()) as { invoice: Record<string, unknown> }).invoice;
      const shown: Record<string, number> = {};
      for (const key of keys) shown[key] = await total(page, key);
      expect(shown, JSON.stringify(request)).toEqual(Object.fromEntries(keys.map((k) => [k, api[k]])));
      const taxLines = await page
        .locator('[data-tax-line]')
        .evaluateAll((els) =>
          els.map((el) => [el.previousElementSibling?.textContent, Number(el.getAttribute('data-value'))]),
        );
      expect(taxLines).toEqual((api.tax_lines as { name: string; amount: number }[]).map((t) => [t.name, t.amount]));
      const lines = await page.locator('[data-item-total]').allTextContents();
      expect(lines).toHaveLength((api.items as unknown[]).length);
    }
    expect(problems).toEqual([]);
    await page.close();
  });

  it('Arabic: the page at ?lang=ar is right to left, and choosing ar turns the invoice text fields', async () => {
    const { page, problems } = await open('/app/playground?lang=ar');
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
      'ar',
      'rtl',
    ]);
    const from = page.locator('#from-name');
    // Issue 27: each field is dir="auto": Arabic reads right to left, a Latin address keeps its order.
    expect([await from.getAttribute('dir'), await from.getAttribute('lang')]).toEqual(['auto', 'ar']);
    expect(await from.evaluate((el) => el.matches(':dir(rtl)'))).toBe(true);
    const address = page.locator('#to-address');
    await address.fill('12 Canal Street\n1012 AB Amsterdam');
    expect(await address.evaluate((el) => el.matches(':dir(ltr)'))).toBe(true);
    expect(await page.locator('[data-invoice-area]').getAttribute('dir')).toBe('rtl');
    expect(await page.locator('#from-email').getAttribute('dir')).toBe('ltr'); // an address reads left to right
    await page.getByLabel('Language').selectOption('en');
    await expect.poll(() => from.getAttribute('dir')).toBe('ltr');
    await page.close();

    const en = await open();
    expect(await en.page.evaluate(() => document.documentElement.dir)).toBe('ltr');
    await en.page.getByLabel('Language').selectOption('ar');
    await expect.poll(() => en.page.locator('#item-1-description').getAttribute('dir')).toBe('auto');
    expect(await en.page.locator('#notes').getAttribute('lang')).toBe('ar');
    expect(JSON.parse(await en.page.locator('#pg-json').inputValue()).invoice.language).toBe('ar');
    expect([...problems, ...en.problems]).toEqual([]);
    await en.page.close();
  });
  it('issue 27: at 1280 px one tax group shows once and a VAT number fits; at 375 px a bar leads to the totals', async () => {
    const { page, problems } = await open();
    // The example has one tax group (21 %): one tax row, under its name, carrying the total tax.
    expect(await page.locator('[data-totals] dt').allTextContents()).toEqual([
      'Subtotal',
      'Discount',
      'Shipping',
      'Tax 21%',
      'Rounding',
      'Total',
      'Deposit',
      'Paid',
      'Balance due',
    ]);
    expect(await page.locator('[data-total="total_tax"]').getAttribute('data-tax-line')).toBe('0');
    expect(await page.locator('.pg-curl').locator('xpath=..').textContent()).not.toContain('the dashboard shows');
    const taxId = page.getByLabel('Tax ID').first();
    await taxId.fill('CHE-123.456.789 MWST');
    const fits = () => taxId.evaluate((el) => el.scrollWidth <= el.clientWidth);
    expect(await fits()).toBe(true);
    expect(await page.locator('[data-summary]').isVisible()).toBe(false); // the totals are beside the form

    await page.setViewportSize({ width: 375, height: 812 });
    try {
      expect(await fits()).toBe(true);
      await page.locator('#items-title').scrollIntoViewIfNeeded();
      const bar = page.locator('[data-summary]');
      const box = (await bar.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(812);
      expect(box.y).toBeGreaterThan(812 - 160); // at the bottom of the screen, mid-form
      expect(await bar.locator('[data-summary-total]').textContent()).toBe(
        await page.locator('[data-total="grand_total"]').textContent(),
      );
      await bar.getByRole('link', { name: 'Downloads' }).click();
      const download = page.getByRole('button', { name: 'Download CII' });
      await expect.poll(async () => (await download.boundingBox())!.y).toBeLessThan(812);
      expect((await download.boundingBox())!.y).toBeGreaterThanOrEqual(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
    expect(problems).toEqual([]);
    await page.close();
  });

  it('issue 22: the e-invoice check lists what the chosen profile lacks, beside each field, as the API does', async () => {
    const { page, problems } = await open();
    const verdict = page.locator('[data-einvoice-verdict]');
    const rules = () => page.locator('[data-einvoice-issues] code').allTextContents();
    const download = (name: string) => page.getByRole('button', { name: `Download ${name}` });
    const note = page.locator('[data-download-note]');
    // E5: the downloads a profile cannot be written as are off, and say why (no click that answers 400).
    await page.getByLabel('E-invoice profile').selectOption('peppol');
    await expect.poll(() => note.textContent()).toBe('Peppol BIS Billing 3.0 is not written as CII or Factur-X.');
    expect([await download('CII').isDisabled(), await download('Factur-X').isDisabled()]).toEqual([true, true]);
    expect(await download('UBL').isDisabled()).toBe(false);
    await page.getByLabel('E-invoice profile').selectOption('xrechnung');
    await expect.poll(() => verdict.textContent()).toMatch(/^XRechnung 3\.0: \d+ to fix\.$/);
    expect(await note.textContent()).toBe('XRechnung 3.0 is not written as Factur-X.');
    expect([await download('CII').isDisabled(), await download('Factur-X').isDisabled()]).toEqual([false, true]);
    expect(await rules()).toContain('BR-DE-15');
    expect(await page.locator('#invoice-buyer-reference-error').textContent()).toMatch(/\(BR-DE-15\)$/);
    expect(await page.locator('#invoice-buyer-reference').getAttribute('aria-invalid')).toBe('true');

    // The panel and POST /api/validate-invoice agree on the same request.
    const request = await page.locator('#pg-json').inputValue();
    const api = await fetch(`${baseUrl}/api/validate-invoice`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: request,
    });
    const verdictOfApi = (await api.json()) as { profile: string; issues: { rule: string }[] };
    expect(verdictOfApi.profile).toBe('xrechnung');
    expect(await rules()).toEqual(verdictOfApi.issues.map((i) => i.rule));

    await page.getByLabel('Buyer reference').fill('04011000-12345-34');
    await expect.poll(rules).not.toContain('BR-DE-15');
    expect(await page.locator('#invoice-buyer-reference-error').isHidden()).toBe(true);
    await page.getByLabel('E-invoice profile').selectOption('en16931');
    await expect.poll(() => note.isHidden()).toBe(true);
    expect(await download('Factur-X').isDisabled()).toBe(false);
    expect(problems).toEqual([]);
    await page.close();
  });
});
