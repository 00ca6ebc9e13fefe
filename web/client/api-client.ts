// The pages' one way to call the API. Every call is a same-origin fetch that sends the HttpOnly
// session cookie by itself; every write says `Content-Type: application/json`, even without a body,
// as cookie-authenticated writes must (docs/decisions.md H8). Errors carry the API's own message,
// which the pages show as it is. Nothing here stores or logs a key or secret.

class ApiCallError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

type Json = Record<string, unknown>;

async function send(method: string, path: string, body?: unknown): Promise<Json> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers:
        method === 'GET'
          ? { Accept: 'application/json' }
          : { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiCallError('The service could not be reached; check your connection and try again.', 0, undefined);
  }
  const data = (await res.json().catch(() => null)) as Json | null;
  if (!res.ok || !data) {
    const error = data?.error as { code?: string; message?: string } | undefined;
    throw new ApiCallError(error?.message ?? `The service answered ${res.status}.`, res.status, error?.code);
  }
  return data;
}

export const postJson = (path: string, body?: unknown) => send('POST', path, body);
