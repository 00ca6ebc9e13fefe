// Reads what a PNG or JPEG claims about itself and checks it against the limits (H3) before
// anything is decoded: a small file can describe a huge picture.

import { HeaderProblem, type ImageHeader, type ImageProblem } from './image-limits.ts';
import { detectImageType } from './image-type.ts';
import { readJpegHeader } from './jpeg-header.ts';
import { pngDataInflatesExactly } from './png-data.ts';
import { readPngHeader } from './png-header.ts';

export type ImageInspection = { ok: true; header: ImageHeader } | { ok: false; problem: ImageProblem; message: string };

/**
 * Answers by array: the Worker inspects an image when it loads it and the renderer again when it
 * embeds the same array, and a PNG's data check costs up to ~50 ms. (Callers do not change image
 * bytes once loaded.)
 */
const inspected = new WeakMap<Uint8Array, ImageInspection>();

/**
 * Checks what can be checked without decoding pixels: the PNG signature, IHDR (length, CRC, field
 * values, dimensions) and the chunk chain up to IEND, then (only for a header within the limits)
 * that the data inflates to exactly what IHDR implies; the JPEG segment chain from SOI through SOF
 * (dimensions) and the scans to EOI. Truncated files fail.
 */
export function inspectImage(bytes: Uint8Array): ImageInspection {
  let inspection = inspected.get(bytes);
  if (!inspection) {
    inspection = inspect(bytes);
    inspected.set(bytes, inspection);
  }
  return inspection;
}

function inspect(bytes: Uint8Array): ImageInspection {
  const type = detectImageType(bytes);
  if (!type)
    return { ok: false, problem: 'not-an-image', message: 'must be a PNG or JPEG image (checked by its bytes)' };
  const read = type === 'png' ? readPngHeader(bytes) : readJpegHeader(bytes);
  if (read instanceof HeaderProblem) return { ok: false, problem: read.problem, message: read.message };
  if (read.pngData && !pngDataInflatesExactly(bytes, read.pngData)) {
    return {
      ok: false,
      problem: 'damaged',
      message: 'is not a complete PNG image (its data is damaged or does not match its header)',
    };
  }
  return { ok: true, header: read };
}
