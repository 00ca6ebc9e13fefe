import { randomBase62 } from '../crypto/random-ids.ts';

/** `req_` + 20 base62 characters (D13); equals meta.request_id and the X-Request-Id header. */
export function newRequestId(): string {
  return `req_${randomBase62(20)}`;
}
