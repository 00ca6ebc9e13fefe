// UBL rendering budget (issue 5): a 20-line invoice under 2 ms median, 100 lines under 8 ms.
import { parseInvoiceRequest, resolveInvoice } from '@invoice/model';
import { renderInvoiceUbl } from '@invoice/ubl';
import { measure, ms } from './measure.ts';

function resolved(lines: number) {
  const parsed = parseInvoiceRequest({
    from: {
      name: 'Seller BV',
      address: 'Keizersgracht 1\n1015 CJ Amsterdam\nNetherlands',
      tax_id: 'NL123456789B01',
      email: 's@example.com',
    },
    to: { name: 'Buyer GmbH', address: 'Unter den Linden 1\n10117 Berlin\nGermany', tax_id: 'DE123456789' },
    invoice: {
      number: 'INV-BENCH',
      date: '2025-03-14',
      due_date: '2025-04-13',
      currency: 'EUR',
      po_number: 'PO-1',
      terms: 'Net 30',
    },
    items: Array.from({ length: lines }, (_, i) => ({
      description: `Item ${i} <special> & "quoted"`,
      quantity: (i % 5) + 1,
      unit: ['hours', 'pcs', 'kg'][i % 3],
      unit_price: 10 + i,
      ...(i % 4 === 0 ? { tax_rate: 9 } : {}),
      ...(i % 3 === 0 ? { discount: 5 } : {}),
    })),
    global_tax: 21,
    global_discount: 5,
    shipping: 12.5,
    deposit: 50,
    payment: { iban: 'NL91ABNA0417164300', swift: 'ABNANL2A', account_name: 'Seller BV' },
  });
  if (!parsed.ok) throw new Error(parsed.error.message);
  return resolveInvoice(parsed.value, { today: '2025-03-14', randomBytes: new Uint8Array(16) });
}

const rows = [20, 100].map((n) => {
  const input = resolved(n);
  const r = measure(() => renderInvoiceUbl(input), n === 20 ? 2000 : 1000);
  return { n, r, budget: n === 20 ? 2 : 8, bytes: renderInvoiceUbl(input).length };
});

console.log('## UBL 2.1 rendering (`renderInvoiceUbl`)\n');
console.log('| lines | median | p95 | max | budget (median) | size |');
console.log('|---|---|---|---|---|---|');
for (const { n, r, budget, bytes } of rows)
  console.log(
    `| ${n} | ${ms(r.median)} | ${ms(r.p95)} | ${ms(r.max)} | < ${budget} ms ${r.median < budget ? 'ok' : 'OVER'} | ${(bytes / 1024).toFixed(1)} KiB |`,
  );
if (rows.some(({ r, budget }) => r.median >= budget)) process.exitCode = 1;
