// "Did you mean …?" for an unknown field: the known field of the same object that the client most
// probably meant. Looked for in this order: the same name in another spelling (`Unit-Price`,
// `unitprice`), a name clients of other invoice APIs use for it (`price`, `qty`), the only field whose
// words contain the key (`price` → `unit_price`), a small edit distance (`quantiy`, `descripton`).

/** `Unit_Price`, `unit-price`, `unitPrice` → `unitprice`. */
function fingerprint(key: string): string {
  return key.toLowerCase().replace(/[_\-\s]/g, '');
}

/** Names other invoice APIs and clients use, by the canonical field they mean. */
const OTHER_NAMES: Readonly<Record<string, readonly string[]>> = {
  unit_price: ['price', 'rate', 'unitcost', 'cost', 'amount'],
  quantity: ['qty', 'count', 'units'],
  description: ['desc', 'name', 'title', 'item'],
  tax_rate: ['tax', 'vat', 'taxpercent', 'vatrate'],
  discount: ['disc', 'discountpercent', 'discountamount'],
  due_date: ['due', 'duedate', 'paymentdue'],
  number: ['invoicenumber', 'invno', 'no', 'id'],
  po_number: ['po', 'ponumber', 'purchaseorder'],
  tax_id: ['vat', 'vatid', 'vatnumber', 'taxnumber'],
  postal_code: ['zip', 'zipcode', 'postcode'],
  swift: ['bic', 'swiftbic', 'swiftcode'],
  items: ['lineitems', 'lines', 'products'],
  notes: ['note', 'memo', 'comment'],
  from: ['seller', 'sender', 'supplier', 'company'],
  to: ['buyer', 'customer', 'client', 'billto', 'recipient'],
  ship_to: ['shippingaddress', 'delivery', 'deliveryaddress'],
  amount_paid: ['paid', 'paidamount', 'amountpaid'],
  currency: ['currencycode'],
  language: ['lang', 'locale'],
};

const OTHER_NAMES_BY_FINGERPRINT = new Map(
  Object.entries(OTHER_NAMES).map(([field, names]) => [fingerprint(field), names]),
);

/** Optimal string alignment distance (Levenshtein with adjacent transpositions), bounded by `max`. */
function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push([i]);
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        rows[0].push(j);
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2][j - 2] + 1);
      rows[i].push(d);
    }
  }
  return rows[a.length][b.length];
}

/** Keys longer than this are nobody's field name: no suggestion is searched for them. */
const MAX_KEY_LENGTH = 64;

/** The known field `key` most probably means, among `candidates` (the fields of the same object), if any. */
export function suggestField(key: string, candidates: readonly string[]): string | undefined {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH || candidates.length === 0) return undefined;
  const fp = fingerprint(key);
  const same = candidates.find((c) => fingerprint(c) === fp);
  if (same) return same;
  // Both ways: `qty` means `quantity`, and a legacy request's `qty` is what `quantity` means there.
  const named = candidates.find(
    (c) => OTHER_NAMES[c]?.includes(fp) || OTHER_NAMES_BY_FINGERPRINT.get(fp)?.includes(fingerprint(c)),
  );
  if (named) return named;
  const containing = candidates.filter((c) => c.split('_').length > 1 && c.split('_').includes(fp));
  if (containing.length === 1) return containing[0];
  const max = fp.length <= 4 ? 1 : fp.length <= 8 ? 2 : 3;
  let best: string | undefined;
  let bestDistance = max + 1;
  for (const c of candidates) {
    const d = editDistance(fp, fingerprint(c), max);
    if (d < bestDistance) [best, bestDistance] = [c, d];
  }
  return best;
}
