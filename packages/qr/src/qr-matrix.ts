import qrcode from 'qrcode-generator';

/** A QR symbol as a square grid of modules, row-major; `true` is a dark module. No quiet zone. */
export interface QrMatrix {
  size: number;
  modules: boolean[][];
  isDark(row: number, col: number): boolean;
}

// qrcode-generator maps each UTF-16 code unit to one byte (Latin-1). Feeding it the UTF-8 bytes
// as a binary string encodes any text correctly, without touching the library's global converter.
function utf8BinaryString(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let out = '';
  for (const b of bytes) out += String.fromCharCode(b);
  return out;
}

// qrcode-generator scores all 8 masks (~3 ms for a hosted link); the same text (a merchant's UPI
// payload, a hosted link rendered again) is common, so recent symbols are kept, isolate-wide.
const recent = new Map<string, QrMatrix>();
const RECENT_MAX = 64;

/** Encodes text in byte mode with error correction M at the smallest version that fits. */
export function encodeQr(text: string): QrMatrix {
  const hit = recent.get(text);
  if (hit) return hit;
  const matrix = encodeUncached(text);
  if (recent.size >= RECENT_MAX) recent.delete(recent.keys().next().value!);
  recent.set(text, matrix);
  return matrix;
}

function encodeUncached(text: string): QrMatrix {
  const qr = qrcode(0, 'M');
  qr.addData(utf8BinaryString(text), 'Byte');
  qr.make();
  const size = qr.getModuleCount();
  const modules: boolean[][] = [];
  for (let r = 0; r < size; r++) {
    const row: boolean[] = new Array(size);
    for (let c = 0; c < size; c++) row[c] = qr.isDark(r, c);
    modules.push(row);
  }
  return { size, modules, isDark: (row, col) => modules[row]?.[col] === true };
}
