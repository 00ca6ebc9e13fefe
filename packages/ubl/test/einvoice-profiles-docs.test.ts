import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EINVOICE_RULE_FIXES } from '../src/index.ts';

/** A table row whose first cell names the rule and that gives the field as `code`. */
const row = (rule: string, path: string) =>
  new RegExp(`^\\| [^|\\n]*\\b${rule}\\b[^|\\n]*\\|[^\\n]*\`${path.replace(/[[\]]/g, '\\$&')}\``, 'm');

describe('issue 22: the e-invoice profiles page', () => {
  it('docs/einvoice-profiles.md maps every rule id an issue list can hold to the field that fixes it', () => {
    const docs = readFileSync(resolve(import.meta.dirname, '../../../docs/einvoice-profiles.md'), 'utf8');
    for (const [rule, [path]] of Object.entries(EINVOICE_RULE_FIXES)) expect(docs, rule).toMatch(row(rule, path));
  });

  it('the check can fail: a row with another field or a longer id does not count', () => {
    expect('| BR-DE-4 | XRechnung | `from.city` | the city |').not.toMatch(row('BR-DE-4', 'from.postal_code'));
    expect('| BR-DE-40 | XRechnung | `from.postal_code` | x |').not.toMatch(row('BR-DE-4', 'from.postal_code'));
    expect('| BR-DE-4 | XRechnung | `from.postal_code` | x |').toMatch(row('BR-DE-4', 'from.postal_code'));
  });
});
