// Requests whose playground totals the browser test compares with the API's (D1): each leans on a
// different part of the arithmetic (zero-decimal currency and rounding, tax-inclusive multi-component
// tax, per-line taxes with deposit and payment, amount discounts, many lines).
const parties = { from: { name: 'Studio North' }, to: { name: 'Acme GmbH' } };

export const PLAYGROUND_CASES: Record<string, unknown>[] = [
  {
    ...parties,
    invoice: { number: 'PG-1', currency: 'JPY' },
    items: [
      { description: 'Consulting', quantity: 3.5, unit_price: 12_345, discount: 999, discount_type: 'amount' },
      { description: 'Licence', quantity: 1, unit_price: 49_999, tax_rate: 8 },
    ],
    global_tax: 10,
    rounding: 'nearest',
    shipping: 1_200,
  },
  {
    ...parties,
    invoice: { number: 'PG-2', currency: 'INR', tax_inclusive: true },
    items: [
      { description: 'Plan A', quantity: 3, unit_price: 1_179.99 },
      { description: 'Plan B', quantity: 7, unit_price: 333.33, discount: 12.5 },
    ],
    global_taxes: [
      { name: 'CGST', rate: 9 },
      { name: 'SGST', rate: 9 },
    ],
    global_discount: 5,
  },
  {
    ...parties,
    invoice: { number: 'PG-3', currency: 'EUR' },
    items: [
      { description: 'Books', quantity: 4, unit_price: 19.99, tax_rate: 7 },
      { description: 'Service', quantity: 2.25, unit_price: 80, tax_rate: 19 },
      { description: 'Food', quantity: 1, unit_price: 8.45, taxes: [{ name: 'VAT', rate: 9 }] },
    ],
    deposit: 50,
    amount_paid: 20.5,
    shipping: 4.95,
    shipping_label: 'Delivery',
  },
  {
    ...parties,
    invoice: { number: 'PG-4', currency: 'KRW' },
    items: [
      { description: 'Design', quantity: 10, unit_price: 55_000 },
      { description: 'Print', quantity: 500, unit_price: 123, discount: 3 },
    ],
    global_discount: 7_777,
    global_discount_type: 'amount',
    global_tax: 10,
    amount_paid: 700_000,
  },
  {
    ...parties,
    invoice: { number: 'PG-5', currency: 'USD' },
    items: Array.from({ length: 12 }, (_, i) => ({
      description: `Line ${i + 1}`,
      quantity: (i % 4) + 0.333,
      unit_price: 10.01 * (i + 1),
      discount: i % 3 === 0 ? 2.5 : undefined,
    })),
    global_tax: 8.875,
    rounding: 'up',
    deposit: 100,
  },
];
