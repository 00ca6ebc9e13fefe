import { ciiEn16931Issues, renderInvoiceCii } from '@invoice/cii';
import { describe, expect, it } from 'vitest';
import { checkFacturxPdf } from '../../../../shared/facturx/check-pdf.mjs';
import { facturxInvoice, renderFacturx } from './helpers/facturx-fixtures.ts';
import { writePdf } from './helpers/poppler.ts';

/**
 * Decision C-ISO: a Factur-X in a 3-decimal currency is still made, a PDF/A-3 with its CII (3-decimal amounts,
 * as the JSON and the printed page); the EN 16931 findings are the BR-DEC rules the headers name, nothing else
 * about the file. A 0-decimal currency gives a clean Factur-X.
 */
describe('C-ISO: Factur-X in a 3-decimal and a 0-decimal currency', () => {
  it.each([
    ['KWD', 'ar'],
    ['ISK', 'en'],
  ])(
    'C-ISO: %s (%s): the PDF/A-3 and its embedded CII are made; findings only the predicted ones',
    async (currency, language) => {
      const resolved = facturxInvoice(language, 'classic', { invoice: { currency, language } });
      const file = writePdf(`facturx-iso-${currency}`, await renderFacturx(resolved));
      const { problems, xml } = checkFacturxPdf(file);
      expect(xml).toBe(renderInvoiceCii(resolved));
      const predicted: string[] = ciiEn16931Issues(resolved);
      // Every problem is an EN 16931 rule inside factur-x.xml (none about the PDF/A-3 file), predicted or arithmetic.
      for (const problem of problems) expect(problem).toMatch(/^factur-x\.xml rule /);
      const ids = [...new Set(problems.map((p) => /\[(BR-[A-Z0-9-]+)\]/.exec(p)?.[1]))];
      expect(ids.filter((id) => !predicted.includes(id!) && !/^BR-(CO-1[0-6]|[SZEO]-08)$/.test(id!))).toEqual([]);
      if (currency === 'ISK') expect(problems).toEqual([]);
      else expect(ids.length).toBeGreaterThan(0);
    },
  );
});
