/** Length-limited Huffman code lengths and canonical codes (RFC 1951 §3.2.2), for deflate.ts. */

/**
 * Code lengths for symbol frequencies, none longer than `limit`. Ties break by symbol so the result is
 * deterministic. Over the limit (rare for a stream of a few KB), frequencies are flattened and the
 * tree is built again: slightly less optimal, always valid.
 */
export function huffmanLengths(freq: Int32Array, limit: number): Uint8Array {
  const size = freq.length;
  const lengths = new Uint8Array(size);
  const symbols: number[] = [];
  for (let s = 0; s < size; s++) if (freq[s] > 0) symbols.push(s);
  if (symbols.length === 1) {
    lengths[symbols[0]] = 1;
    return lengths;
  }
  if (symbols.length === 0) return lengths;

  const m = symbols.length;
  const weights = new Uint32Array(m);
  let heaviest = 0;
  for (let k = 0; k < m; k++) {
    weights[k] = freq[symbols[k]];
    heaviest = Math.max(heaviest, weights[k]);
  }
  // sort keys weight·512 + symbol: a native integer sort, ties by symbol; huge counts are scaled into 22 bits
  let shift = 0;
  while (heaviest >>> shift >= 1 << 22) shift++;
  if (shift) for (let k = 0; k < m; k++) weights[k] = (weights[k] >>> shift) + 1;
  const keys = new Uint32Array(m);
  const weight = new Float64Array(2 * m - 1);
  const parent = new Int32Array(2 * m - 1);
  const depth = new Uint8Array(2 * m - 1);
  for (;;) {
    for (let k = 0; k < m; k++) keys[k] = weights[k] * 512 + symbols[k];
    keys.sort();
    // two-queue Huffman: leaves in weight order, internal nodes are created in weight order too
    for (let k = 0; k < m; k++) weight[k] = keys[k] >>> 9;
    let leaf = 0;
    let inner = m;
    for (let next = m; next < 2 * m - 1; next++) {
      const a = leaf < m && (inner >= next || weight[leaf] <= weight[inner]) ? leaf++ : inner++;
      const b = leaf < m && (inner >= next || weight[leaf] <= weight[inner]) ? leaf++ : inner++;
      weight[next] = weight[a] + weight[b];
      parent[a] = next;
      parent[b] = next;
    }
    depth[2 * m - 2] = 0;
    let max = 0;
    for (let node = 2 * m - 3; node >= 0; node--) {
      depth[node] = depth[parent[node]] + 1;
      if (node < m && depth[node] > max) max = depth[node];
    }
    if (max <= limit) {
      for (let k = 0; k < m; k++) lengths[keys[k] & 511] = depth[k];
      return lengths;
    }
    for (let k = 0; k < m; k++) weights[k] = (weights[k] >>> 1) + 1;
  }
}

/** Canonical codes for code lengths, bit-reversed for deflate's least-significant-bit-first output. */
export function reversedCodes(lengths: Uint8Array): Uint16Array {
  const count = new Uint16Array(16);
  for (const l of lengths) count[l]++;
  count[0] = 0;
  const next = new Uint16Array(16);
  let code = 0;
  for (let bits = 1; bits < 16; bits++) {
    code = (code + count[bits - 1]) << 1;
    next[bits] = code;
  }
  const codes = new Uint16Array(lengths.length);
  for (let s = 0; s < lengths.length; s++) {
    const l = lengths[s];
    if (!l) continue;
    let c = next[l]++;
    let r = 0;
    for (let b = 0; b < l; b++) {
      r = (r << 1) | (c & 1);
      c >>= 1;
    }
    codes[s] = r;
  }
  return codes;
}
