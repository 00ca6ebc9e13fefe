// Readers of the payment-code payloads, written from the standards and independently of the builders
// under test: what a banking app does with the text a QR code gives it.

/** EPC069-12: the fields by name, by line position (trailing empty lines may be left out). */
export function readEpc(payload: string) {
  const l = payload.split(/\r?\n/);
  const field = (i: number) => l[i] ?? '';
  return {
    serviceTag: field(0),
    version: field(1),
    characterSet: field(2),
    identification: field(3),
    bic: field(4),
    name: field(5),
    iban: field(6),
    amount: field(7),
    purpose: field(8),
    structuredReference: field(9),
    unstructuredRemittance: field(10),
    information: field(11),
    lineCount: l.length,
    bytes: Buffer.byteLength(payload, 'utf8'),
  };
}

/** EMV QRCPS merchant-presented: ID (2 digits), length (2 digits), value; nested templates read the same way. */
export function readEmv(payload: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (let i = 0; i < payload.length; ) {
    const id = payload.slice(i, i + 2);
    const len = Number(payload.slice(i + 2, i + 4));
    if (!/^\d{2}$/.test(id) || !Number.isInteger(len)) throw new Error(`bad EMV field at ${i}`);
    fields.set(id, payload.slice(i + 4, i + 4 + len));
    i += 4 + len;
  }
  return fields;
}

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF), table-driven, over UTF-8 bytes. */
const TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n << 8;
  for (let k = 0; k < 8; k++) c = c & 0x8000 ? (c << 1) ^ 0x1021 : c << 1;
  return c & 0xffff;
});
export function emvCrcHolds(payload: string): boolean {
  let crc = 0xffff;
  for (const b of Buffer.from(payload.slice(0, -4), 'utf8'))
    crc = ((crc << 8) ^ TABLE[((crc >> 8) ^ b) & 0xff]) & 0xffff;
  return crc.toString(16).toUpperCase().padStart(4, '0') === payload.slice(-4);
}

export function readUpi(payload: string) {
  const url = new URL(payload);
  return { scheme: url.protocol, host: url.host, params: Object.fromEntries(url.searchParams) };
}

/** ZATCA phase 1: base64 of tag (1 byte), length (1 byte), UTF-8 value. */
export function readZatca(payload: string): Record<number, string> {
  const bytes = Buffer.from(payload, 'base64');
  if (bytes.toString('base64') !== payload) throw new Error('not canonical base64');
  const out: Record<number, string> = {};
  for (let i = 0; i < bytes.length; ) {
    const tag = bytes[i];
    const len = bytes[i + 1];
    out[tag] = bytes.subarray(i + 2, i + 2 + len).toString('utf8');
    i += 2 + len;
  }
  return out;
}

/** ISO 7064 MOD 97-10 with BigInt: the IBAN / RF check as the standards state it. */
export function mod97Holds(compact: string): boolean {
  const moved = compact.slice(4) + compact.slice(0, 4);
  const digits = moved.replace(/[A-Z]/g, (ch) => String(ch.charCodeAt(0) - 55));
  return BigInt(digits) % 97n === 1n;
}

/** Swiss Payments Code (SIX IG 2.3 §4.3): the fields by name, by line position; LF or CR+LF. */
export function readSwiss(payload: string) {
  const l = payload.split(/\r?\n/);
  const field = (i: number) => l[i] ?? '';
  const addressAt = (i: number) => ({
    type: field(i),
    name: field(i + 1),
    street: field(i + 2),
    buildingNumber: field(i + 3),
    postalCode: field(i + 4),
    city: field(i + 5),
    country: field(i + 6),
  });
  return {
    qrType: field(0),
    version: field(1),
    codingType: field(2),
    iban: field(3),
    creditor: addressAt(4),
    ultimateCreditor: l.slice(11, 18),
    amount: field(18),
    currency: field(19),
    debtor: addressAt(20),
    referenceType: field(27),
    reference: field(28),
    message: field(29),
    trailer: field(30),
    lineCount: l.length,
    chars: [...payload].length,
  };
}

/** SIX IG 2.3 annex B: modulo 10 recursive over the first 26 digits gives the 27th. */
export function qrReferenceCheckHolds(ref: string): boolean {
  const table = [0, 9, 4, 6, 8, 2, 7, 1, 3, 5];
  let carry = 0;
  for (const d of ref.slice(0, -1)) carry = table[(carry + Number(d)) % 10] as number;
  return (10 - carry) % 10 === Number(ref.slice(-1));
}
