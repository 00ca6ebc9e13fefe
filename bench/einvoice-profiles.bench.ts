// E-invoice profiles budget (issue 22): the profile checks (the profile layer and the issue prediction) add
// under 0.5 ms median to a 20-line UBL.
import { ciiEInvoiceIssues, renderInvoiceCii } from '@invoice/cii';
import { type EInvoiceProfile, parseInvoiceRequest, resolveInvoice } from '@invoice/model';
import { en16931Issues, renderInvoiceUbl, ublEInvoiceIssues } from '@invoice/ubl';
import { measure, ms, summarise } from './measure.ts';

const BUDGET_MS = 0.5;

/** A German B2B invoice, so that Peppol's DE-R rules run beside its own and XRechnung's BR-DE. */
function resolved(lines: number) {
  const parsed = parseInvoiceRequest({
    from: {
      name: 'Muster Software GmbH',
      address: 'Friedrichstraße 123\n10117 Berlin',
      country: 'DE',
      tax_id: 'DE123456789',
      contact_name: 'Erika Mustermann',
      phone: '+49 30 1234567',
      email: 'rechnung@muster-software.example',
      electronic_address: { scheme: '9930', id: 'DE123456789' },
    },
    to: {
      name: 'Beispiel Handel GmbH',
      address: 'Königsallee 1\n40212 Düsseldorf\nGermany',
      tax_id: 'DE987654321',
      electronic_address: { scheme: '9930', id: 'DE987654321' },
    },
    invoice: {
      number: 'RE-BENCH',
      date: '2026-03-02',
      due_date: '2026-04-01',
      currency: 'EUR',
      buyer_reference: '04011000-12345-67',
      terms: '#SKONTO#TAGE=14#PROZENT=2.00#\n',
    },
    items: Array.from({ length: lines }, (_, i) => ({
      description: `Item ${i} <special> & "quoted"`,
      quantity: (i % 5) + 1.25,
      unit: ['hours', 'pcs', 'kg'][i % 3],
      unit_price: 10 + i,
      ...(i % 4 === 0 ? { tax_rate: 7 } : {}),
      ...(i % 3 === 0 ? { discount: 5 } : {}),
    })),
    global_tax: 19,
    global_discount: 5,
    shipping: 12.5,
    deposit: 50,
    notes: 'Vielen Dank',
    footer: 'Muster Software GmbH',
    payment: { iban: 'DE89370400440532013000', swift: 'COBADEFFXXX' },
  });
  if (!parsed.ok) throw new Error(parsed.error.message);
  return resolveInvoice(parsed.value, { today: '2026-03-02', randomBytes: new Uint8Array(16) });
}

const input = resolved(20);
const withIssues = (profile: EInvoiceProfile) => () => {
  renderInvoiceUbl(input, { profile });
  return profile === 'en16931' ? en16931Issues(input) : ublEInvoiceIssues(input, profile);
};
/**
 * Paired timing: each run times the baseline and the profile back to back, so that the (shared, noisy) machine's
 * load falls on both alike; the cost a profile adds is the median of the per-run differences.
 */
function paired(baseline: () => unknown, profile: () => unknown, runs = 5000, warmup = 500) {
  for (let i = 0; i < warmup; i++) {
    baseline();
    profile();
  }
  const base: number[] = [];
  const withProfile: number[] = [];
  const added: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    baseline();
    const t1 = performance.now();
    profile();
    const t2 = performance.now();
    base.push(t1 - t0);
    withProfile.push(t2 - t1);
    added.push(t2 - t1 - (t1 - t0));
  }
  return { base: summarise(base), profile: summarise(withProfile), added: summarise(added).median };
}

const rows = (['peppol', 'xrechnung'] as const).map((profile) => ({
  label: `UBL ${profile}: render + \`ublEInvoiceIssues\``,
  ...paired(withIssues('en16931'), withIssues(profile)),
}));
const issuesOnly = measure(() => ublEInvoiceIssues(input, 'peppol'), 5000, 500);
const cii = measure(
  () => {
    renderInvoiceCii(input, { profile: 'xrechnung' });
    return ciiEInvoiceIssues(input, 'xrechnung');
  },
  5000,
  500,
);

console.log('## E-invoice profiles (issue 22: Peppol BIS Billing 3.0, XRechnung 3.0)\n');
console.log(
  `20-line German B2B invoice (Peppol's DE-R and XRechnung's BR-DE rules apply). Baseline: the default profile, \`renderInvoiceUbl\` + \`en16931Issues\`. Each run times the baseline and the profile back to back; "added" is the median of the per-run differences. Budget: the profile adds < ${BUDGET_MS} ms median.\n`,
);
console.log('| run | baseline median | profile median | profile p95 | added (median) | budget |');
console.log('|---|---|---|---|---|---|');
let over = false;
for (const { label, base, profile, added } of rows) {
  over ||= added >= BUDGET_MS;
  console.log(
    `| ${label} | ${ms(base.median)} | ${ms(profile.median)} | ${ms(profile.p95)} | ${ms(added)} | < ${BUDGET_MS} ms ${added < BUDGET_MS ? 'ok' : 'OVER'} |`,
  );
}
console.log(`| \`ublEInvoiceIssues\` alone (peppol) | | ${ms(issuesOnly.median)} | ${ms(issuesOnly.p95)} | | |`);
console.log(`| CII xrechnung: render + \`ciiEInvoiceIssues\` | | ${ms(cii.median)} | ${ms(cii.p95)} | | |`);
if (over) process.exitCode = 1;
