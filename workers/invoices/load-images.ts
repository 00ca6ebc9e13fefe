// D5: logo and signature are PNG or JPEG (magic bytes), at most 2.5 MB decoded, from a data: URI or an
// https URL (image-fetches.ts: address policy H1, request budget H2), with a sound header within the
// pixel limits and, for a PNG, data that inflates to what the header says (H3). Every failure is
// the client's: 400 validation_error naming the field. A data: URI is told what is wrong with it;
// an image URL that gives nothing usable, for whatever reason, answers one message (H2), so the
// answer tells nothing about what sits behind an address, nor whether a port is open.
import { LIMITS } from '@invoice/model';
import { IMAGE_LIMITS, inspectImage } from '@invoice/pdf';
import { base64ToBytes } from '../crypto/byte-encoding.ts';
import { ApiError } from '../http/api-error.ts';
import { fetchImageBytes, type ImageFetches } from './image-fetches.ts';

export interface LoadedImage {
  mime: 'image/png' | 'image/jpeg';
  bytes: Uint8Array;
  /** Fetched from a URL: any later problem with it answers the one URL message too (H2). */
  fromUrl: boolean;
}

/** The request field of each image slot the PDF has. */
export const IMAGE_FIELDS = { logo: 'from.logo', signature: 'signature' } as const;

/** H2: the one answer for an image URL that could not be used. */
export const IMAGE_URL_RULES = `could not be loaded from this URL (https only, public hosts; a PNG or JPEG of at most 2.5 MB and ${IMAGE_LIMITS.maxSide} pixels a side, a PNG at most 2 megapixels)`;

function invalid(field: string, problem: string): ApiError {
  return ApiError.field('validation_error', field, 'image', problem);
}

/** The 400 for an image that cannot be used: an image URL's one message, or what is wrong with a data: URI. */
export function imageRefusal(field: string, fromUrl: boolean, problem: string): ApiError {
  return invalid(field, fromUrl ? IMAGE_URL_RULES : problem);
}

function decodeBase64(field: string, b64: string): Uint8Array {
  try {
    return base64ToBytes(b64.replace(/\s+/g, ''));
  } catch {
    throw invalid(field, 'is not valid base64 image data');
  }
}

/** Loads and checks one image source (a data: URI or an https URL). */
export async function loadImage(field: string, source: string, fetches: ImageFetches): Promise<LoadedImage> {
  const dataUri = /^data:image\/(?:png|jpe?g);base64,(.*)$/is.exec(source);
  const fromUrl = !dataUri;
  const bytes = dataUri
    ? decodeBase64(field, dataUri[1])
    : await fetchImageBytes(fetches, source).catch(() => undefined);
  if (!bytes) throw invalid(field, IMAGE_URL_RULES);
  if (bytes.byteLength > LIMITS.maxImageBytes) throw imageRefusal(field, fromUrl, 'image must be at most 2.5 MB');
  const inspection = inspectImage(bytes);
  if (!inspection.ok) throw imageRefusal(field, fromUrl, inspection.message);
  return { mime: inspection.header.type === 'png' ? 'image/png' : 'image/jpeg', bytes, fromUrl };
}

/** Loads the request's logo (on `from`) and signature in parallel, within the request's fetch budget. */
export async function loadInvoiceImages(
  request: { from: { logo?: string }; signature?: string },
  fetches: ImageFetches,
): Promise<{ logo?: LoadedImage; signature?: LoadedImage }> {
  const [logo, signature] = await Promise.all([
    request.from.logo ? loadImage('from.logo', request.from.logo, fetches) : undefined,
    request.signature ? loadImage('signature', request.signature, fetches) : undefined,
  ]);
  return { logo, signature };
}
