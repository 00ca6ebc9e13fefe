// The pages' one way to call the API. Every call is a same-origin fetch that sends the HttpOnly
// session cookie by itself; every write says `Content-Type: application/json`, even without a body,
// as cookie-authenticated writes must (docs/decisions.md H8). Errors carry the API's own message,
// which the pages show as it is. Nothing here stores or logs a key or secret.

class ApiCallError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field where they are used
export type Json = Record<string, any>;

async function send(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<Json> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (method !== 'GET') headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiCallError('The service could not be reached; check your connection and try again.', 0);
  }
  const data = (await res.json().catch(() => null)) as Json | null;
  if (!res.ok || !data) {
    const message = data?.error?.message;
    throw new ApiCallError(typeof message === 'string' ? message : `The service answered ${res.status}.`, res.status);
  }
  return data;
}

export const getJson = (path: string) => send('GET', path);
export const postJson = (path: string, body?: unknown) => send('POST', path, body);
export const patchJson = (path: string, body: unknown) => send('PATCH', path, body);
export const deleteJson = (path: string, body?: unknown) => send('DELETE', path, body);

/** The message to show for a failed call (the API's own words when it answered). */
export function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
