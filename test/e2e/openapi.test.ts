import { validate } from '@readme/openapi-parser';
import { describe, expect, inject, it } from 'vitest';

const baseUrl = inject('baseUrl');

describe('GET /openapi.json (D13, spec Versioning)', () => {
  it('is OpenAPI 3.1 with info.version 1.0.0 and passes a real OpenAPI validator', async () => {
    const res = await fetch(`${baseUrl}/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as any;
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info.version).toBe('1.0.0');
    const result = await validate(structuredClone(doc));
    expect('errors' in result ? result.errors : []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('carries the stable operationIds of the spec', async () => {
    const doc = (await (await fetch(`${baseUrl}/openapi.json`)).json()) as any;
    const ids = Object.values(doc.paths).flatMap((item: any) =>
      Object.values(item)
        .map((op: any) => op?.operationId)
        .filter(Boolean),
    );
    for (const id of [
      'generateInvoice',
      'generateInvoiceBatch',
      'getHostedInvoice',
      'createWebhook',
      'listWebhooks',
      'getWebhook',
      'deleteWebhook',
    ])
      expect(ids).toContain(id);
  });

  it('is generated from the validating zod schemas: their limits and enums appear', async () => {
    const doc = (await (await fetch(`${baseUrl}/openapi.json`)).json()) as any;
    const s = doc.components.schemas;
    expect(s.InvoiceRequest.required).toEqual(expect.arrayContaining(['from', 'to', 'items']));
    expect(s.InvoiceRequest.properties.items).toMatchObject({ minItems: 1, maxItems: 100 });
    // C-ISO: every active ISO 4217 code (155), the spec's 21 first.
    const currencies = s.InvoiceMeta.properties.currency.enum as string[];
    expect(currencies).toHaveLength(155);
    expect(currencies.slice(0, 3)).toEqual(['USD', 'EUR', 'GBP']);
    expect(currencies).toEqual(expect.arrayContaining(['KWD', 'OMR', 'ISK', 'CHF', 'INR', 'BRL', 'SAR']));
    expect(s.InvoiceMeta.properties.language.enum).toEqual([
      'en',
      'nl',
      'de',
      'fr',
      'es',
      'pt',
      'ar',
      'ja',
      'ru',
      'it',
      'hi',
    ]);
    expect(s.LineItem.properties.unit_price).toMatchObject({ type: 'number', minimum: 0, maximum: 1e12 });
    expect(s.InvoiceRequest.properties.accent_color.pattern).toBe('^#[0-9a-fA-F]{6}$');
  });
});
