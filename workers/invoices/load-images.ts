// D5: logo and signature are PNG or JPEG (magic bytes), at most 2.5 MB decoded, from a data: URI or an
// https URL fetched with a 5 s timeout and at most 3 redirects. Every failure is the client's: 400
// validation_error naming the field.
import { LIMITS } from '@invoice/model';
import { detectImageType } from '@invoice/pdf';
import { base64ToBytes } from '../crypto/byte-encoding.ts';
import { ApiError } from '../http/api-error.ts';
import { readStreamLimited } from '../http/read-limited.ts';

export interface LoadedImage {
  mime: 'image/png' | 'image/jpeg';
  bytes: Uint8Array;
}

const FETCH_TIMEOUT_MS = 5000;
const MAX_REDIRECTS = 3;

function invalid(field: string, rule: string): ApiError {
  return new ApiError('validation_error', `${field}: ${rule}`);
}

function decodeBase64(field: string, b64: string): Uint8Array {
  try {
    return base64ToBytes(b64.replace(/\s+/g, ''));
  } catch {
    throw invalid(field, 'is not valid base64 image data');
  }
}

async function readLimited(field: string, res: Response): Promise<Uint8Array> {
  const tooLarge = () => invalid(field, 'image must be at most 2.5 MB');
  if (Number(res.headers.get('content-length') ?? '0') > LIMITS.maxImageBytes) throw tooLarge();
  return readStreamLimited(res.body, LIMITS.maxImageBytes, tooLarge);
}

async function fetchImage(field: string, url: string): Promise<Uint8Array> {
  let current = url;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    if (!current.startsWith('https://')) throw invalid(field, 'image URL (after redirects) must be https');
    let res: Response;
    try {
      res = await fetch(current, { redirect: 'manual', signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    } catch (err) {
      const timedOut = (err as Error)?.name === 'TimeoutError';
      throw invalid(field, timedOut ? 'image URL did not answer within 5 s' : 'image URL could not be fetched');
    }
    if (res.status >= 300 && res.status < 400 && res.headers.get('location')) {
      current = new URL(res.headers.get('location')!, current).toString();
      continue;
    }
    if (!res.ok) throw invalid(field, `image URL answered HTTP ${res.status}`);
    return readLimited(field, res);
  }
  throw invalid(field, `image URL redirected more than ${MAX_REDIRECTS} times`);
}

/** Loads and checks one image source (a data: URI or an https URL). */
async function loadImage(field: string, source: string): Promise<LoadedImage> {
  const dataUri = /^data:image\/(?:png|jpe?g);base64,(.*)$/is.exec(source);
  const bytes = dataUri ? decodeBase64(field, dataUri[1]) : await fetchImage(field, source);
  if (bytes.byteLength > LIMITS.maxImageBytes) throw invalid(field, 'image must be at most 2.5 MB');
  const type = detectImageType(bytes);
  if (type !== 'png' && type !== 'jpeg') throw invalid(field, 'must be a PNG or JPEG image (checked by its bytes)');
  return { mime: type === 'png' ? 'image/png' : 'image/jpeg', bytes };
}

/** Loads the request's logo (on `from`) and signature in parallel. */
export async function loadInvoiceImages(request: { from: { logo?: string }; signature?: string }): Promise<{ logo?: LoadedImage; signature?: LoadedImage }> {
  const [logo, signature] = await Promise.all([
    request.from.logo ? loadImage('from.logo', request.from.logo) : undefined,
    request.signature ? loadImage('signature', request.signature) : undefined,
  ]);
  return { logo, signature };
}
