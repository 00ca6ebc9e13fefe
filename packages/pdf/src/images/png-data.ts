// H3: a PNG's zlib stream must inflate to exactly the number of bytes its header implies. pdf-lib
// inflates it in one go without a bound, and tolerates nonsense (data that inflates short, long or
// not at all embeds as a blank or garbled picture), so a small file with an honest header could
// still inflate to gigabytes. Here it is inflated as a stream in small pieces and only counted,
// stopping at the first byte too many: memory stays within one piece's output (about 16 MB at
// zlib's maximum ratio), CPU within the limit's worth of output (about 0.1 s for a 2.5 MB PNG of
// noise at the pixel limit). The runtime's DecompressionStream cannot do this: workerd inflates
// every written chunk at once and queues the output without backpressure.
import { Unzlib } from 'fflate';
import type { ImageHeader } from './image-limits.ts';

/** Smaller pieces cost more per byte in fflate (4 KB: twice the time of 16 KB); larger ones more memory. */
const PIECE_BYTES = 16 * 1024;

class TooLong extends Error {}

/**
 * How many bytes the PNG's data inflated to before it ended or went past the header's count (then the count
 * is at most one inflated piece beyond it: the work is bounded by the header, not by the data).
 */
export function inflatedPngBytes(
  bytes: Uint8Array,
  data: NonNullable<ImageHeader['pngData']>,
): { total: number; ended: boolean } {
  let total = 0;
  let ended = false;
  const zlib = new Unzlib((chunk, final) => {
    total += chunk.length;
    if (total > data.inflatedBytes) throw new TooLong();
    if (final) ended = true;
  });
  try {
    for (const [start, end] of data.parts) {
      for (let at = start; at < end; at += PIECE_BYTES) zlib.push(bytes.subarray(at, Math.min(end, at + PIECE_BYTES)));
    }
    zlib.push(new Uint8Array(0), true);
  } catch {
    return { total, ended: false };
  }
  return { total, ended };
}

export function pngDataInflatesExactly(bytes: Uint8Array, data: NonNullable<ImageHeader['pngData']>): boolean {
  const { total, ended } = inflatedPngBytes(bytes, data);
  return ended && total === data.inflatedBytes;
}
