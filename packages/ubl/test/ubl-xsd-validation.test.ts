import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderInvoiceUbl } from '../src/index.ts';
import { buildInvoiceCases } from './invoice-cases.ts';

const OUT = resolve(import.meta.dirname, '.out/ubl');
const XSD = resolve(import.meta.dirname, '../../../../shared/ubl-2.1/xsd/maindoc');
const VALIDATOR = resolve(import.meta.dirname, '../../../../shared/ubl-2.1/validate');

/**
 * xmllint over many files against one schema, the way ../shared/ubl-2.1/validate runs it for one file
 * (--noout --nonet --schema): the schema is compiled once for the whole corpus rather than once a file
 * (the validate script spawns xmllint twice a file, about 0.2 s each).
 */
function xmllint(schema: string, files: string[]) {
  return spawnSync('xmllint', ['--noout', '--nonet', '--schema', join(XSD, schema), ...files], {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
}

describe('UBL 2.1 XSD validity', () => {
  it('every invoice and credit note of the broad set (21 currencies, every tax shape, discounts, shipping, deposit, rounding, tax-inclusive, 100 items, unicode, XML specials) validates against the OASIS UBL 2.1 schemas', () => {
    const cases = buildInvoiceCases();
    rmSync(OUT, { recursive: true, force: true });
    mkdirSync(OUT, { recursive: true });
    const files = cases.map((c, i) => {
      const file = join(OUT, `${String(i).padStart(3, '0')}-${c.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.xml`);
      writeFileSync(file, renderInvoiceUbl(c.resolved), 'utf8');
      return file;
    });
    expect(files.length).toBeGreaterThanOrEqual(100);

    // issue 13: each document is checked against its own schema, credit notes against UBL-CreditNote-2.1.xsd
    // (whose root element is CreditNote: an Invoice root, or the reverse, fails its schema).
    const isNote = cases.map((c) => c.resolved.request.invoice.type === 'credit_note');
    const groups = [
      { schema: 'UBL-Invoice-2.1.xsd', files: files.filter((_, i) => !isNote[i]) },
      { schema: 'UBL-CreditNote-2.1.xsd', files: files.filter((_, i) => isNote[i]) },
    ];
    expect(groups[1].files.length).toBeGreaterThanOrEqual(4);
    for (const { schema, files: group } of groups) {
      const run = xmllint(schema, group);
      const verdicts = run.stderr.split('\n').filter((l: string) => l !== '');
      expect(verdicts, schema).toEqual(group.map((f) => `${f} validates`));
      expect(run.status, schema).toBe(0);
    }
  }, 180_000);

  it('the validator rejects a document whose elements are out of the UBL sequence (the check can fail)', () => {
    const [first] = buildInvoiceCases(0);
    const xml = renderInvoiceUbl(first.resolved).replace(
      /(\s*<cbc:IssueDate>[^<]*<\/cbc:IssueDate>)(\s*<cbc:DueDate>[^<]*<\/cbc:DueDate>)/,
      '$2$1',
    );
    mkdirSync(OUT, { recursive: true });
    const file = join(OUT, 'negative-out-of-order.xml.bad');
    writeFileSync(file, xml, 'utf8');
    const run = spawnSync(VALIDATOR, [file], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('FAIL');
  }, 60_000);

  it('issue 13: the CreditNote schema rejects a header DueDate (the check can fail for credit notes too)', () => {
    const note = buildInvoiceCases(0).find((c) => c.resolved.request.invoice.type === 'credit_note')!;
    const xml = renderInvoiceUbl(note.resolved).replace(
      /(<cbc:IssueDate>[^<]*<\/cbc:IssueDate>)/,
      '$1<cbc:DueDate>2025-04-30</cbc:DueDate>',
    );
    mkdirSync(OUT, { recursive: true });
    const file = join(OUT, 'negative-credit-note-due-date.xml.bad');
    writeFileSync(file, xml, 'utf8');
    const run = spawnSync(VALIDATOR, [file], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('FAIL (CreditNote)');
  }, 60_000);
});
