// H3: how large a picture an image file may describe. pdf-lib decodes a PNG to RGBA in full (10–16
// bytes of memory per pixel at its peak, and about 0.2 µs of CPU per pixel) while a Worker has
// 128 MB, so a PNG is bounded by its pixel count; a JPEG is embedded without decoding, and its
// sides are bounded so the PDF stays readable for whoever opens it.
import type { ImageType } from './image-type.ts';

export const IMAGE_LIMITS = {
  /** Width and height, PNG and JPEG. */
  maxSide: 4096,
  /** PNG only: 8 MiB as RGBA, e.g. 2048×1024 or 1448×1448. */
  maxPngPixels: 2_097_152,
} as const;

const IMAGE_LIMITS_RULE = `an image may be at most ${IMAGE_LIMITS.maxSide} pixels a side, a PNG at most 2 megapixels (${IMAGE_LIMITS.maxPngPixels} pixels)`;

export interface ImageHeader {
  type: ImageType;
  width: number;
  height: number;
  /** PNG: where its zlib stream lies (IDAT data, in order) and the exact number of bytes it must inflate to. */
  pngData?: { parts: [start: number, end: number][]; inflatedBytes: number };
  /** JPEG: colour components of the frame (1 grey, 3 YCbCr/RGB, 4 CMYK/YCCK), which pdf-lib maps to a device colour space. */
  components?: number;
}

export type ImageProblem = 'not-an-image' | 'damaged' | 'unsupported' | 'too-large';

/** A rule the file breaks, with a message worded to follow a field name. */
export class HeaderProblem {
  constructor(
    readonly problem: ImageProblem,
    readonly message: string,
  ) {}
}

/** Null when `width`×`height` is within the limits for `type`, otherwise why not. */
export function dimensionsProblem(type: ImageType, width: number, height: number): HeaderProblem | null {
  const tooLarge =
    width > IMAGE_LIMITS.maxSide
    || height > IMAGE_LIMITS.maxSide
    || (type === 'png' && width * height > IMAGE_LIMITS.maxPngPixels);
  return tooLarge ? new HeaderProblem('too-large', `is ${width}×${height} pixels; ${IMAGE_LIMITS_RULE}`) : null;
}
