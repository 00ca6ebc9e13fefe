// POST /api/render (D11), mounted from legacy-operations.ts: the flat legacy request through the same
// model, arithmetic and PDF engine as /api/generate-invoice, paid for with one credit per render.
// Errors are thrown as usual; the app's onError writes them in the legacy body (legacy-error-writer.ts).
import { type InvoiceRequest, parseCanonicalInvoiceRequest } from '@invoice/model';
import { type Context, Hono } from 'hono';
import { bytesToBase64 } from '../crypto/byte-encoding.ts';
import type { AppEnv } from '../env.ts';
import { ApiError } from '../http/api-error.ts';
import { mountOperations } from '../http/mount-operations.ts';
import { parseJsonText, readBodyText, validateJson } from '../http/read-json-body.ts';
import { createImageFetches } from '../invoices/image-fetches.ts';
import { IMAGE_FIELDS, imageRefusal, type LoadedImage, loadInvoiceImages } from '../invoices/load-images.ts';
import { resolveOrThrow } from '../invoices/resolve-or-throw.ts';
import { withLegacyCredit } from '../limits/admit-legacy-render.ts';
import { admitRequest, peekUsage } from '../limits/admit-request.ts';
import { renderPdf } from '../pdf/render-pdf.ts';
import { resolveLegacyCaller } from './legacy-caller.ts';
import { renderLegacy } from './legacy-operations.ts';
import { dropEmptyOptionals } from './legacy-request-cleanup.ts';
import { type LegacyRenderRequest, LegacyRenderRequestSchema } from './legacy-request-schema.ts';
import { legacyDetails, legacyPresentation, legacyToCanonical } from './legacy-to-canonical.ts';

export const legacyRoutes = new Hono<AppEnv>();

mountOperations(legacyRoutes, [[renderLegacy, (c) => handleRender(c)]]);

/** A model or loader refusal, with its canonical field paths told in the legacy names. */
function inLegacyTerms(err: unknown): unknown {
  if (err instanceof ApiError && err.details.length > 0)
    return ApiError.fromDetails(err.code, legacyDetails(err.details), { headers: err.headers });
  return err;
}

interface LegacyInput {
  legacy: LegacyRenderRequest;
  request: InvoiceRequest;
  images: { logo?: LoadedImage; signature?: LoadedImage };
}

/** Everything that can refuse the request before a credit is at stake: JSON, fields, model rules, images. */
async function validateLegacy(c: Context<AppEnv>, rawBody: string): Promise<LegacyInput> {
  // The legacy schema names its fields in legacy terms already; the model's and the loader's are told in them.
  const legacy = validateJson(dropEmptyOptionals(parseJsonText(rawBody)), LegacyRenderRequestSchema);
  try {
    const parsed = parseCanonicalInvoiceRequest(legacyToCanonical(legacy));
    if (!parsed.ok) throw ApiError.fromDetails(parsed.error.code, parsed.error.details);
    const images = await loadInvoiceImages(parsed.value, createImageFetches(c.env));
    return { legacy, request: parsed.value, images };
  } catch (err) {
    throw inLegacyTerms(err);
  }
}

async function handleRender(c: Context<AppEnv>): Promise<Response> {
  const caller = await resolveLegacyCaller(c);
  const now = Date.now();
  let rawBody: string;
  try {
    rawBody = await readBodyText(c, renderLegacy.body.limitBytes);
  } catch (err) {
    // Nothing was run: no call counted, but the key is still checked against rotation (P-ACC2).
    await peekUsage(c.env, caller, now);
    throw err;
  }
  let input: LegacyInput;
  try {
    input = await validateLegacy(c, rawBody);
  } catch (err) {
    // A refused request is still a call in the windows (D7), and costs no credit (D11).
    await admitRequest(c.env, caller, { documents: 0, pdfs: 0, now });
    throw err;
  }
  const { result: bytes, credits } = await withLegacyCredit(c, caller, now, () =>
    renderLegacyPdf(c, input, now).catch((err: unknown) => Promise.reject(inLegacyTerms(err))),
  );
  const remaining = Math.max(0, credits.total - credits.used);
  const { legacy, images } = input;
  return c.json({
    success: true,
    pdf: bytesToBase64(bytes),
    credits: { remaining, used: 1, userType: 'api', verified: true },
    mode: 'api',
    metadata: {
      template: legacy.template,
      language: legacy.lang,
      direction: legacy.lang === 'ar' || legacy.lang === 'ar-e' ? 'rtl' : 'ltr',
      fileSize: bytes.byteLength,
      creditsRemaining: remaining,
      itemsCount: legacy.rows.length,
      hasLogo: images.logo !== undefined,
      hasSignature: images.signature !== undefined,
    },
  });
}

/** The same D1 arithmetic and PDF engine as generate-invoice, in the legacy template, digits and labels. */
function renderLegacyPdf(c: Context<AppEnv>, input: LegacyInput, now: number): Promise<Uint8Array> {
  const { logo, signature } = input.images;
  return renderPdf(
    resolveOrThrow(input.request, now),
    { logo: logo?.bytes, signature: signature?.bytes },
    undefined,
    c.get('requestId'),
    (err) => imageRefusal(IMAGE_FIELDS[err.slot], false, err.problem),
    { presentation: legacyPresentation(input.legacy) },
  );
}
