// The SDK in Deno (issue 14: "works in Node 18+, browsers, Deno and Workers"): packages/client bundled by
// esbuild as one ES module, run by Deno against wrangler dev, with network access to that one host only and
// no other permission, so it uses Deno's own fetch and Web Crypto. The binary is Deno's own npm build for
// Linux x64 (an optional dependency pinned in the lockfile; the test suite runs on Debian x64, as for its
// chromium and poppler), called directly: the `deno` wrapper package would need every platform's build in
// the lockfile.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signedTestEvent } from './signed-test-event.ts';

const DENO = join(dirname(createRequire(import.meta.url).resolve('@deno/linux-x64-glibc/package.json')), 'deno');
const baseUrl = inject('baseUrl');
const { apiKey } = inject('accounts')['sdk-deno'];
let dir: string;

/** What the Deno script below prints: one JSON line. */
const SCRIPT = `
import { InvoiceApiError, InvoiceClient, verifyWebhook } from './client.mjs';
const [baseUrl, apiKey, raw, headersJson, secret] = Deno.args;
const client = new InvoiceClient({ apiKey, baseUrl });
const request = {
  from: { name: 'Acme GmbH', country: 'DE' },
  to: { name: 'Globex Ltd', country: 'GB' },
  invoice: { currency: 'EUR' },
  items: [{ description: 'Work', quantity: 2, unit_price: 50, tax_rate: 19 }],
};
const json = await client.invoices.generate(request, { idempotencyKey: 'deno-key-1' });
const again = await client.invoices.generate(request, { idempotencyKey: 'deno-key-1' });
const pdf = await client.invoices.generate({ ...request, output: 'pdf' });
const ubl = await client.invoices.generate({ ...request, output: 'ubl' });
const hosted = await client.hostedLinks.open(json.invoice.hosted_url, { format: 'json' });
const err = await client.invoices
  .generate({ ...request, items: [{ description: 'Work', quantity: -1, unit_price: 50 }] })
  .catch((e) => e);
const headers = new Headers(JSON.parse(headersJson));
const event = await verifyWebhook(raw, headers, secret);
const refused = await verifyWebhook(raw.replace('"m"', '"n"'), headers, secret).catch((e) => e.reason);
console.log(JSON.stringify({
  runtime: typeof Deno.version.deno,
  total: json.invoice.grand_total,
  replayed: again.invoice.number === json.invoice.number,
  pdfHead: pdf instanceof Uint8Array ? new TextDecoder().decode(pdf.subarray(0, 5)) : typeof pdf,
  ublRoot: /<Invoice\\b/.test(ubl),
  hostedNumber: hosted.invoice.number === json.invoice.number,
  error: { typed: err instanceof InvoiceApiError, status: err.status, code: err.code, field: err.field },
  event: event.id,
  refused,
}));
`;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sdk-deno-'));
  const bundle = await build({
    entryPoints: ['packages/client/src/index.ts'],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    write: false,
    logLevel: 'error',
  });
  writeFileSync(join(dir, 'client.mjs'), bundle.outputFiles[0].text);
  writeFileSync(join(dir, 'run.mjs'), SCRIPT);
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('@invoice/client in Deno', () => {
  it('generate (JSON, PDF, UBL, an idempotent replay), a hosted link, a typed 400 and verifyWebhook, on Deno’s fetch and Web Crypto', () => {
    const { secret, raw, headers } = signedTestEvent('evt_deno');
    const out = execFileSync(
      DENO,
      [
        'run',
        '--no-config',
        '--no-lock',
        '--no-prompt',
        `--allow-net=${new URL(baseUrl).host}`,
        join(dir, 'run.mjs'),
        baseUrl,
        apiKey,
        raw,
        JSON.stringify(headers),
        secret,
      ],
      {
        encoding: 'utf8',
        env: { ...process.env, DENO_DIR: join(dir, 'deno-cache'), DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' },
      },
    );
    expect(JSON.parse(out.trim().split('\n').at(-1)!)).toEqual({
      runtime: 'string',
      total: 119,
      replayed: true,
      pdfHead: '%PDF-',
      ublRoot: true,
      hostedNumber: true,
      error: { typed: true, status: 400, code: 'validation_error', field: 'items[0].quantity' },
      event: 'evt_deno',
      refused: 'invalid_signature',
    });
  });
});
