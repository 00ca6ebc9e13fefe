import { crc16Ccitt } from './crc16.ts';

/**
 * The PIX "BR Code" (Banco Central do Brasil, Manual de Padrões para Iniciação do Pix): an EMV QRCPS
 * merchant-presented payload of ID–length–value fields, closed by the CRC-16/CCITT-FALSE of field 63.
 */

/** A PIX key: CPF (11 digits), CNPJ (14), e-mail, phone (+55…) or a random key (EVP, a UUID). */
export const PIX_KEY_PATTERN =
  /^(\d{11}|\d{14}|\+55\d{10,11}|[^\s@]{1,64}@[^\s@]+\.[^\s@]+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
/** Field 26 holds at most 99 characters: GUI (18) and the key's own header (4) leave 77. */
export const PIX_KEY_MAX = 77;

function field(id: string, value: string): string {
  return id + String(value.length).padStart(2, '0') + value;
}

/**
 * The BR Code's name and city fields are meant for ASCII (the manual's examples and the banks'
 * readers): accents are folded (`São Paulo` → `Sao Paulo`), anything else left is dropped.
 */
function emvText(text: string, max: number): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '')
    .trim()
    .slice(0, max)
    .trim();
}

/** Field 62-05 (txid): letters and digits only, at most 25; `***` when nothing is left. */
export function pixTxid(invoiceNumber: string): string {
  return invoiceNumber.replace(/[^A-Za-z0-9]/g, '').slice(0, 25) || '***';
}

export interface PixFields {
  key: string;
  merchantName: string;
  merchantCity: string;
  /** The amount in reais with two decimals. */
  amount: string;
  txid: string;
}

export function buildPixPayload(f: PixFields): string {
  const body =
    field('00', '01')
    + field('26', field('00', 'br.gov.bcb.pix') + field('01', f.key))
    + field('52', '0000')
    + field('53', '986') // ISO 4217 numeric: BRL
    + field('54', f.amount)
    + field('58', 'BR')
    + field('59', emvText(f.merchantName, 25) || 'N/A')
    + field('60', emvText(f.merchantCity, 15) || 'N/A')
    + field('62', field('05', f.txid))
    + '6304';
  return body + crc16Ccitt(body);
}
