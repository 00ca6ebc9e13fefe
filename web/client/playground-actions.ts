// The playground's calls: Preview (POST /api/preview → a PDF shown in the page's <iframe> through a
// blob: URL) and the PDF, Factur-X, UBL and CII downloads (POST /api/generate-invoice → a blob saved under the
// invoice number the API puts in Content-Disposition, with a suffix per kind so the four never share a name). Same-origin fetches with the session cookie and
// `Content-Type: application/json`, as cookie-authenticated writes must (H8); errors show the API's message.

export class ActionError extends Error {}

/** The file name of a Content-Disposition header (RFC 8187 form first), if any. */
function fileNameOf(header: string | null): string | undefined {
  if (!header) return undefined;
  const ext = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (ext) {
    try {
      return decodeURIComponent(ext[1]);
    } catch {
      // Malformed percent-encoding: the quoted form below.
    }
  }
  return /filename="([^"]*)"/i.exec(header)?.[1];
}

/** The API's own words for a refusal; 429 adds when to try again (Retry-After, seconds). */
async function refusal(res: Response): Promise<ActionError> {
  const data = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
  let message = data?.error?.message ?? `The service answered ${res.status}.`;
  const retry = res.headers.get('Retry-After');
  if (res.status === 429 && retry) message += ` Try again in ${retry} seconds.`;
  return new ActionError(message);
}

/** POSTs the request and returns the document, or throws the API's message. */
/** The documents the playground downloads, by `output`: what to accept and the file they make. */
const DOCUMENTS = {
  pdf: { type: 'application/pdf', extension: 'pdf', name: 'PDF' },
  facturx: { type: 'application/pdf', extension: 'facturx.pdf', name: 'Factur-X PDF' },
  ubl: { type: 'application/xml', extension: 'ubl.xml', name: 'UBL' },
  cii: { type: 'application/xml', extension: 'cii.xml', name: 'CII' },
} as const;

/** `INV-1.pdf` (or any of the four names) → `INV-1.<this kind's extension>`: INV-1.pdf, .facturx.pdf, .ubl.xml, .cii.xml. */
function downloadName(fileName: string, output: DocumentOutput): string {
  const base = fileName.replace(/\.(facturx\.pdf|ubl\.xml|cii\.xml|pdf|xml)$/i, '');
  return `${base || 'invoice'}.${DOCUMENTS[output].extension}`;
}

export type DocumentOutput = keyof typeof DOCUMENTS;

export const isDocumentOutput = (value: string | undefined): value is DocumentOutput =>
  value !== undefined && Object.hasOwn(DOCUMENTS, value);

/** A document's name for the status line ("Generating the Factur-X PDF…"). */
export const documentName = (output: DocumentOutput): string => DOCUMENTS[output].name;

export async function fetchDocument(
  path: string,
  request: Record<string, unknown>,
  output: DocumentOutput,
): Promise<{ blob: Blob; fileName: string }> {
  const doc = DOCUMENTS[output];
  let res: Response;
  try {
    res = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        Accept: `${doc.type}, application/json`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ ...request, output }),
    });
  } catch {
    throw new ActionError('The service could not be reached; check your connection and try again.');
  }
  if (!res.ok) throw await refusal(res);
  const type = res.headers.get('Content-Type') ?? '';
  if (!type.startsWith(doc.type))
    throw new ActionError(`The service answered ${type || 'without a type'} instead of the ${doc.name}.`);
  const number = (request.invoice as { number?: unknown } | undefined)?.number;
  const fallback = `${typeof number === 'string' && number ? number : 'invoice'}.${doc.extension}`;
  const fileName = downloadName(fileNameOf(res.headers.get('Content-Disposition')) ?? fallback, output);
  return { blob: await res.blob(), fileName };
}

/** Saves a blob under a file name through a temporary link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** The preview frame: each new PDF replaces the last (whose blob: URL is released). */
export function showPreview(frame: HTMLIFrameElement, hint: HTMLElement, blob: Blob): void {
  const previous = frame.dataset.url;
  const url = URL.createObjectURL(blob);
  frame.dataset.url = url;
  frame.src = url;
  frame.hidden = false;
  hint.hidden = true;
  frame.scrollIntoView({ behavior: 'smooth', block: 'start' });
  if (previous) URL.revokeObjectURL(previous);
}
