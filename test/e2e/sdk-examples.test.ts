// examples/ run against wrangler dev (issue 14: the examples cannot rot), through the built package as a
// user's `npm install` leaves it (issue 27): the root `prepare` script, and prepare-assets before wrangler dev
// starts, build packages/client/dist (scripts/build-client-package.mjs); `node examples/…` resolves
// `@invoice/client` by its package.json `exports` to dist/, with no build step of its own.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { InvoiceClient } from '../../packages/client/src/index.ts';
import { waitFor } from './webhooks-fixtures.ts';

const run = promisify(execFile);
const baseUrl = inject('baseUrl');
const { apiKey } = inject('accounts')['sdk-examples'];
const tmp = mkdtempSync(join(tmpdir(), 'e2e-sdk-examples-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

describe('the package as published', () => {
  it('npm pack holds the built JS and .d.ts, README and CHANGELOG, and no source or tests', async () => {
    const { stdout } = await run('npm', ['pack', '--dry-run', '--json', '-w', '@invoice/client']);
    const files = (JSON.parse(stdout)[0].files as { path: string }[]).map((f) => f.path);
    expect(files).toEqual(
      expect.arrayContaining([
        'dist/index.js',
        'dist/index.d.ts',
        'dist/generated/openapi.d.ts',
        'README.md',
        'CHANGELOG.md',
        'package.json',
      ]),
    );
    expect(files.filter((f) => f.startsWith('src/') || f.startsWith('test/'))).toEqual([]);
  });
});

describe('examples/ against wrangler dev', () => {
  it('create-invoice.mjs saves the PDF of a new invoice', async () => {
    const out = join(tmp, 'invoice.pdf');
    const { stdout } = await run(process.execPath, ['examples/create-invoice.mjs', out], {
      env: { ...process.env, INVOICE_API_KEY: apiKey, INVOICE_BASE_URL: baseUrl },
    });
    const pdf = readFileSync(out);
    expect(stdout.trim()).toBe(`saved ${out} (${pdf.length} bytes)`);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { stdout: text } = await run('pdftotext', ['-layout', out, '-']);
    expect(text).toContain('Globex Ltd');
    // 3 × 120 + 19 % and 80.50 + 7 %: 360 + 68.40 + 80.50 + 5.64 = 514.54.
    expect(text).toMatch(/514\.54/);
  });

  it('create-invoice.mjs reports a refusal as the typed error: status, code, request id', async () => {
    const result = await run(process.execPath, ['examples/create-invoice.mjs', join(tmp, 'never.pdf')], {
      env: { ...process.env, INVOICE_API_KEY: `inv_sk_${'x'.repeat(40)}`, INVOICE_BASE_URL: baseUrl },
    }).catch((e: { code: number; stderr: string }) => e);
    expect('code' in result && result.code).toBe(1);
    expect((result as { stderr: string }).stderr).toMatch(/^401 invalid_api_key: .+ \(req_[0-9A-Za-z]{20}\)\n$/);
  });

  describe('webhook-receiver.mjs', () => {
    let receiver: ChildProcess | undefined;
    let output = '';
    afterAll(() => receiver?.kill());

    it('accepts the real deliveries of the service (verifyWebhook) and refuses a forged one', async () => {
      const client = new InvoiceClient({ apiKey, baseUrl });
      const port = await freePort();
      const { webhook } = await client.webhooks.create({ url: `http://127.0.0.1:${port}/hooks` });
      receiver = spawn(process.execPath, ['examples/webhook-receiver.mjs'], {
        env: { ...process.env, WEBHOOK_SECRET: webhook.secret, PORT: String(port) },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      receiver.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      await waitFor('the receiver to listen', () => (output.includes(`listening on port ${port}`) ? true : undefined));

      const test = await client.webhooks.test(webhook.id);
      await waitFor('webhook.test', () => (output.includes(`webhook.test ${test.event_id}`) ? true : undefined));

      const { invoice } = await client.invoices.generate({
        from: { name: 'Acme GmbH' },
        to: { name: 'Globex Ltd' },
        items: [{ description: 'Consulting', quantity: 2, unit_price: 150, tax_rate: 19 }],
      });
      const line = `${invoice.number} ${invoice.grand_total} ${invoice.currency}`;
      await waitFor('invoice.generated', () => (output.includes(line) ? true : undefined));
      expect(output).toMatch(new RegExp(`^invoice\\.generated evt_\\S+ ${line}$`, 'm'));

      // The same body with a made-up signature: refused with 400, and logged as such.
      const forged = await fetch(`http://127.0.0.1:${port}/hooks`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Service-Signature': `sha256=${'0'.repeat(64)}`,
          'webhook-id': 'evt_forged',
          'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
          'webhook-signature': `v1,${btoa('forged')}`,
        },
        body: JSON.stringify({ id: 'evt_forged', type: 'webhook.test', created: 0, data: {} }),
      });
      expect(forged.status).toBe(400);
      await waitFor('the rejection', () => (output.includes('rejected: invalid_signature') ? true : undefined));
      expect(output).not.toContain('evt_forged');
    });
  });
});
