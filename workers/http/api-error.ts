import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** The one error type of the invoice interface: handlers throw it, `onError` writes the body. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    /** Extra response headers (rate-limit headers, Retry-After). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** Adds headers the error did not already carry (e.g. rate-limit headers known only later). */
  withHeaders(extra: Record<string, string>): this {
    for (const [k, v] of Object.entries(extra)) if (!(k in this.headers)) this.headers[k] = v;
    return this;
  }

  toBody() {
    return { success: false as const, error: { code: this.code, message: this.message } };
  }
}
