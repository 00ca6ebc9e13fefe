// Reads what a PNG or JPEG claims about itself and checks it against the limits (H3) before
// anything is decoded: a small file can describe a huge picture.
import { detectImageType } from './image-type.ts';
import { HeaderProblem, type ImageHeader, type ImageProblem } from './image-limits.ts';
import { readJpegHeader } from './jpeg-header.ts';
import { readPngHeader } from './png-header.ts';

export type ImageInspection = { ok: true; header: ImageHeader } | { ok: false; problem: ImageProblem; message: string };

/**
 * Checks as much as is cheap without decoding pixels: the PNG signature, IHDR (length, CRC, field
 * values, dimensions) and the chunk chain up to IEND; the JPEG segment chain from SOI through SOF
 * (dimensions) and the scans to EOI. Truncated files fail.
 */
export function inspectImage(bytes: Uint8Array): ImageInspection {
  const type = detectImageType(bytes);
  if (!type) return { ok: false, problem: 'not-an-image', message: 'must be a PNG or JPEG image (checked by its bytes)' };
  const read = type === 'png' ? readPngHeader(bytes) : readJpegHeader(bytes);
  if (read instanceof HeaderProblem) return { ok: false, problem: read.problem, message: read.message };
  return { ok: true, header: read };
}
