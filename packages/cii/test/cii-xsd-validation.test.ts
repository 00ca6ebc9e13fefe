import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildInvoiceCases } from '@invoice/ubl/test/invoice-cases';
import { describe, expect, it } from 'vitest';
import { renderInvoiceCii } from '../src/index.ts';

const OUT = resolve(import.meta.dirname, '.out/cii');
const XSD = resolve(import.meta.dirname, '../../../../shared/facturx/xsd/Factur-X_EN16931.xsd');

/** xmllint over the files against the Factur-X 1.09 EN 16931 schema, without network access. */
function xmllint(files: string[]) {
  return spawnSync('xmllint', ['--noout', '--nonet', '--schema', XSD, ...files], {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
}

describe('Factur-X EN 16931 XML Schema validity', () => {
  it('issue 13: every CII of the UBL corpus (every currency, tax shape, discounts, shipping, deposit, rounding, tax-inclusive, 100 items, Unicode, XML specials) validates against Factur-X_EN16931.xsd', () => {
    const cases = buildInvoiceCases();
    rmSync(OUT, { recursive: true, force: true });
    mkdirSync(OUT, { recursive: true });
    const files = cases.map((c, i) => {
      const file = join(OUT, `${String(i).padStart(3, '0')}-${c.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.xml`);
      writeFileSync(file, renderInvoiceCii(c.resolved), 'utf8');
      return file;
    });
    expect(files.length).toBeGreaterThanOrEqual(100);
    const run = xmllint(files);
    expect(run.stderr.split('\n').filter((l) => l !== '' && !l.endsWith(' validates'))).toEqual([]);
    expect(run.status).toBe(0);
  }, 180_000);

  it('issue 13: the schema check can fail: elements out of the CII sequence are rejected', () => {
    const [first] = buildInvoiceCases(0);
    const xml = renderInvoiceCii(first.resolved).replace(
      /(\s*<ram:TypeCode>380<\/ram:TypeCode>)(\s*<ram:IssueDateTime>[\s\S]*?<\/ram:IssueDateTime>)/,
      '$2$1',
    );
    mkdirSync(OUT, { recursive: true });
    const file = join(OUT, 'negative-out-of-order.xml.bad');
    writeFileSync(file, xml, 'utf8');
    const run = xmllint([file]);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('fails to validate');
  }, 60_000);
});
