/** Reed–Solomon error correction codewords over GF(256) with the QR polynomial x^8 + x^4 + x^3 + x^2 + 1. */

const EXP = new Uint8Array(512);
const LOG = new Uint8Array(256);
{
  let x = 1;
  for (let i = 0; i < 255; i++) {
    EXP[i] = x;
    LOG[x] = i;
    x <<= 1;
    if (x & 0x100) x ^= 0x11d;
  }
  for (let i = 255; i < 512; i++) EXP[i] = EXP[i - 255];
}

const generators = new Map<number, Uint8Array>();

/** Coefficients (highest degree first, leading 1 dropped) of ∏ (x − α^i), i < degree. */
function generator(degree: number): Uint8Array {
  let g = generators.get(degree);
  if (!g) {
    let poly = [1];
    for (let i = 0; i < degree; i++) {
      const next = new Array<number>(poly.length + 1).fill(0);
      for (let j = 0; j < poly.length; j++) {
        next[j] ^= poly[j];
        if (poly[j]) next[j + 1] ^= EXP[LOG[poly[j]] + i];
      }
      poly = next;
    }
    g = Uint8Array.from(poly.slice(1));
    generators.set(degree, g);
  }
  return g;
}

/** The `ecCount` error correction codewords of one block of data codewords. */
export function reedSolomon(data: Uint8Array, ecCount: number): Uint8Array {
  const gen = generator(ecCount);
  const rem = new Uint8Array(ecCount);
  for (let i = 0; i < data.length; i++) {
    const factor = data[i] ^ rem[0];
    rem.copyWithin(0, 1);
    rem[ecCount - 1] = 0;
    if (factor) {
      const lf = LOG[factor];
      for (let j = 0; j < ecCount; j++) if (gen[j]) rem[j] ^= EXP[LOG[gen[j]] + lf];
    }
  }
  return rem;
}
