// Issue 27: /openapi.json is the public reference (rendered at /docs): its texts speak to the API's users, never of
// the project's internal decision ids (D9, H17, P-LIM1…) or of files outside the API's documentation.
import { describe, expect, it } from 'vitest';
import { call } from './accounts-fixtures.ts';

/** Every string of the document with the path it sits at. */
function strings(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => strings(v, `${path}[${i}]`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => strings(v, `${path}/${k}`));
  return [];
}

/** A decision id of docs/decisions.md (D9, H17, P-LIM1, C-ISO…), an issue number, or the contract's files. */
const INTERNAL = /\b(?:[DHWEFSQLMGCP]\d{1,2}|P-LIM\d|C-ISO)\b|\bissue \d|decisions?\b|service-spec/;

describe('issue 27: the public reference has no internal references', () => {
  it('issue 27: no description or summary of /openapi.json names a decision id or the contract files', async () => {
    const doc = await (await call('/openapi.json')).json();
    const texts = strings(doc).filter(([path]) => /\/(description|summary)$/.test(path));
    expect(texts.length).toBeGreaterThan(50);
    expect(texts.filter(([, text]) => INTERNAL.test(text)).map(([path, text]) => `${path}: ${text}`)).toEqual([]);
  });

  it('issue 27: the pattern finds the references it is for', () => {
    for (const text of ['the same 404 (D9)', 'decisions D1–D14', 'H17', 'see P-LIM1', 'C-ISO', '(issue 10.8)'])
      expect(INTERNAL.test(text), text).toBe(true);
    for (const text of ['UTF-8', 'EN 16931', 'BR-DE-15', 'ISO 4217', 'PEPPOL-EN16931-R001', 'RF18 5390', 'A4'])
      expect(INTERNAL.test(text), text).toBe(false);
  });
});
