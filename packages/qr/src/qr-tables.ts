/**
 * ISO/IEC 18004 tables for error correction level M, versions 1–40: codeword counts, block layout,
 * alignment pattern centres, and the BCH-coded format and version information.
 */

/** EC codewords per block at level M, index = version. */
const EC_PER_BLOCK = [
  0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28, 28, 28, 28,
  28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
];
/** Number of RS blocks at level M, index = version. */
const BLOCKS = [
  0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33,
  35, 37, 38, 40, 43, 45, 47, 49,
];

/** Error correction level M in the format information (L = 1, M = 0, Q = 3, H = 2). */
const EC_LEVEL_M_BITS = 0;

export interface BlockLayout {
  ecPerBlock: number;
  /** Data codewords of each block, short blocks first. */
  dataPerBlock: number[];
  dataCodewords: number;
}

/** Modules left for codewords once the function patterns are placed. */
function rawDataModules(version: number): number {
  let result = (16 * version + 128) * version + 64;
  if (version >= 2) {
    const align = Math.floor(version / 7) + 2;
    result -= (25 * align - 10) * align - 55;
    if (version >= 7) result -= 36;
  }
  return result;
}

const layouts: BlockLayout[] = [];
export function blockLayout(version: number): BlockLayout {
  let l = layouts[version];
  if (!l) {
    const total = Math.floor(rawDataModules(version) / 8);
    const blocks = BLOCKS[version];
    const ec = EC_PER_BLOCK[version];
    const shortLen = Math.floor(total / blocks);
    const shortBlocks = blocks - (total % blocks);
    const dataPerBlock: number[] = [];
    for (let b = 0; b < blocks; b++) dataPerBlock.push(shortLen - ec + (b < shortBlocks ? 0 : 1));
    l = layouts[version] = { ecPerBlock: ec, dataPerBlock, dataCodewords: total - ec * blocks };
  }
  return l;
}

/** Centres of the alignment patterns along one axis (the same list for rows and columns). */
export function alignmentPositions(version: number): number[] {
  if (version === 1) return [];
  const count = Math.floor(version / 7) + 2;
  const step = version === 32 ? 26 : Math.ceil((version * 4 + 4) / (count * 2 - 2)) * 2;
  const out = [6];
  for (let pos = version * 4 + 10; out.length < count; pos -= step) out.splice(1, 0, pos);
  return out;
}

/** Bits of the character count indicator in byte mode. */
export function byteCountBits(version: number): number {
  return version < 10 ? 8 : 16;
}

function bchRemainder(value: number, poly: number, polyDegree: number, dataBits: number): number {
  let d = value << polyDegree;
  for (let bit = dataBits + polyDegree - 1; bit >= polyDegree; bit--)
    if ((d >>> bit) & 1) d ^= poly << (bit - polyDegree);
  return d;
}

/** 15-bit format information for EC level M and a mask, already XORed with the fixed mask 101010000010010. */
export function formatBits(mask: number): number {
  const data = (EC_LEVEL_M_BITS << 3) | mask;
  return ((data << 10) | bchRemainder(data, 0b10100110111, 10, 5)) ^ 0b101010000010010;
}

/** 18-bit version information (versions 7 and up). */
export function versionBits(version: number): number {
  return (version << 12) | bchRemainder(version, 0b1111100100101, 12, 6);
}
