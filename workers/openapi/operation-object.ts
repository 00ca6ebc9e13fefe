// One declared operation → its OpenAPI operation object: parameters, request body, the success
// response and one response per error status, each listing exactly the codes the route declares.
import { type ErrorCode, errorRow } from '../http/error-codes.ts';
import { type LegacyErrorCode, legacyErrorRow } from '../http/legacy-error-codes.ts';
import type { Operation } from '../http/operation.ts';
import { ref, type SchemaComponents } from './schema-components.ts';

type JsonObject = Record<string, unknown>;

const json = (schema: object) => ({ 'application/json': { schema } });

const rateLimitHeaders = (required: boolean) =>
  Object.fromEntries(
    [
      'Limit-Hourly',
      'Remaining-Hourly',
      'Reset-Hourly',
      'Limit-Weekly',
      'Remaining-Weekly',
      'Reset-Weekly',
      'Limit-Monthly',
      'Remaining-Monthly',
      'Reset-Monthly',
    ]
      .map((h) => [
        `X-RateLimit-${h}`,
        {
          required,
          schema: { type: 'integer' },
          description: h.startsWith('Reset') ? 'Window end, Unix seconds' : '-1 for unlimited',
        },
      ])
      .concat(
        // Issue 27: only on plans whose monthly quota caps PDFs apart (free: 50 of its 100 documents).
        ['Limit-Pdf', 'Remaining-Pdf'].map((h) => [
          `X-RateLimit-${h}`,
          {
            required: false,
            schema: { type: 'integer' },
            description: `PDFs (pdf and facturx outputs) ${h.startsWith('Limit') ? 'included' : 'left'} this calendar month, on plans that cap them apart from the monthly quota (free: 50); they reset with X-RateLimit-Reset-Monthly. Absent on other plans.`,
          },
        ]),
      ),
  );
const RETRY_AFTER = {
  'Retry-After': { required: true, schema: { type: 'integer' }, description: 'Seconds until a retry can succeed.' },
};

const SECURITY = {
  public: [],
  optional: [{ bearerAuth: [] }, { cookieAuth: [] }, {}],
  account: [{ bearerAuth: [] }, { cookieAuth: [] }],
  legacy_key: [{ legacyApiKey: [] }],
} as const;

const IDEMPOTENCY_KEY = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  schema: { type: 'string', minLength: 1, maxLength: 255 },
  description: 'Replays the first 2xx answer for 24 hours.',
};

function errorResponse(op: Operation, status: number, codes: readonly ErrorCode[], allowHeader: boolean): JsonObject {
  const description = codes.map((code) => `\`${code}\`: ${errorRow(code, status)![2]}`).join('\n');
  const schema = {
    allOf: [
      ref('ErrorBody'),
      { type: 'object', properties: { error: { type: 'object', properties: { code: { enum: [...codes] } } } } },
    ],
  };
  const retry = codes.some(
    (c) =>
      c.startsWith('rate_limit')
      || c === 'monthly_limit_reached'
      || (c === 'idempotency_key_conflict' && status === 409),
  );
  const headers = {
    // D7: every answer of a metered route carries its counters, but for the caller it could not identify.
    ...(op.rateLimited && status !== 401 && status !== 405 ? rateLimitHeaders(retry) : {}),
    ...(retry ? RETRY_AFTER : {}),
    ...(allowHeader
      ? { Allow: { required: true, schema: { type: 'string' }, description: 'The methods this path answers.' } }
      : {}),
  };
  // Issue 26 (H22): a browser opening a dead hosted link gets a page instead of the JSON body.
  const page = status === 404 && op.notFoundPage ? { 'text/html': { schema: { type: 'string' } } } : {};
  return {
    description: page['text/html'] ? `${description}\n\n${op.notFoundPage}` : description,
    content: { ...json(schema), ...page },
    ...(Object.keys(headers).length ? { headers } : {}),
  };
}

/** A legacy answer (D11): `{success: false, error: <message>, code}`, the codes of its own table. */
function legacyErrorResponse(status: number, codes: readonly LegacyErrorCode[]): JsonObject {
  const description = codes.map((code) => `\`${code}\`: ${legacyErrorRow(code)![2]}`).join('\n');
  const schema = { allOf: [ref('LegacyErrorBody'), { type: 'object', properties: { code: { enum: [...codes] } } }] };
  const headers = {
    ...(status === 429 ? RETRY_AFTER : {}),
    ...(status === 405
      ? { Allow: { required: true, schema: { type: 'string' }, description: 'The methods this path answers.' } }
      : {}),
  };
  return { description, content: json(schema), ...(Object.keys(headers).length ? { headers } : {}) };
}

/** Answers every operation can give, whatever its own declaration lists. */
function appWideErrors(op: Operation): [number, readonly ErrorCode[]][] {
  const errors: [number, readonly ErrorCode[]][] = [
    // An API key in the query string (query-credentials.ts, issue 10.9).
    [400, ['validation_error']],
    // Every declared path answers other methods with 405 (mount-operations.ts).
    [405, ['method_not_allowed']],
  ];
  // A cookie-authenticated write without Content-Type: application/json (same-origin-writes.ts, issue 10.8).
  if (op.auth !== 'public' && op.method !== 'GET') errors.push([415, ['unsupported_media_type']]);
  // Every declared body goes through readJsonBody: its limit, JSON, and its strict schema (issue 21).
  if (op.body) errors.push([400, ['validation_error', 'invalid_json']], [413, ['payload_too_large']]);
  // A path parameter that cannot name a resource (read-params.ts).
  if (op.params) errors.push([404, ['not_found']]);
  return errors;
}

export function operationObject(op: Operation, components: SchemaComponents): JsonObject {
  const parameters = [
    ...(op.params ? components.parameters(op.params, 'path') : []),
    ...(op.query ? components.parameters(op.query, 'query') : []),
    ...(op.idempotent ? [IDEMPOTENCY_KEY] : []),
  ];
  const content: JsonObject = {};
  if (op.success.json) Object.assign(content, json(components.use(op.success.json, 'output')));
  if (op.success.pdf) content['application/pdf'] = { schema: { type: 'string', contentMediaType: 'application/pdf' } };
  if (op.success.xml) content['application/xml'] = { schema: { type: 'string', contentMediaType: 'application/xml' } };
  const successHeaders = {
    ...(op.rateLimited ? rateLimitHeaders(true) : {}),
    ...Object.fromEntries(
      Object.entries(op.success.headers ?? {}).map(([name, h]) => [
        name,
        { required: false, schema: { type: 'string' }, description: h.description },
      ]),
    ),
  };
  const responses: JsonObject = {
    [op.success.status]: {
      description: op.success.description,
      content,
      ...(Object.keys(successHeaders).length ? { headers: successHeaders } : {}),
    },
  };
  if (op.legacyErrors) {
    for (const [status, codes] of Object.entries(op.legacyErrors))
      responses[status] = legacyErrorResponse(Number(status), codes as readonly LegacyErrorCode[]);
  } else {
    const errors = new Map<number, ErrorCode[]>();
    for (const [s, codes] of [...Object.entries(op.errors), ...appWideErrors(op)])
      errors.set(Number(s), [...new Set([...(errors.get(Number(s)) ?? []), ...(codes as readonly ErrorCode[])])]);
    for (const [status, codes] of [...errors].sort((a, b) => a[0] - b[0]))
      responses[status] = errorResponse(op, status, codes, status === 405);
  }
  return {
    operationId: op.operationId,
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    security: SECURITY[op.auth],
    ...(parameters.length ? { parameters } : {}),
    ...(op.body
      ? {
          requestBody: {
            required: !op.body.optional,
            content: json(components.use(op.body.documented ?? op.body.schema, 'input')),
          },
        }
      : {}),
    responses,
  };
}
