// GET /openapi.json: OpenAPI 3.1 generated from the route declarations (workers/openapi/all-operations.ts),
// the same objects that route, validate and type the requests.
import { ErrorBodySchema, LegacyErrorBodySchema } from '../http/response-schemas.ts';
import { ALL_OPERATIONS } from './all-operations.ts';
import { operationObject } from './operation-object.ts';
import { SchemaComponents } from './schema-components.ts';

let cached: string | undefined;

function buildOpenApiDocument(): Record<string, unknown> {
  const components = new SchemaComponents();
  components.use(ErrorBodySchema, 'output');
  components.use(LegacyErrorBodySchema, 'output');
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of ALL_OPERATIONS) {
    paths[op.path] ??= {};
    paths[op.path][op.method.toLowerCase()] = operationObject(op, components);
  }
  return {
    openapi: '3.1.0',
    info: {
      // The site's name: the reference at /docs shows it as its heading (three lines at 1280 px as the longer one).
      title: 'Invoice API',
      version: '1.0.0',
      description:
        'JSON totals, PDF, Factur-X (PDF/A-3b), UBL 2.1 and CII invoices and credit notes from one JSON payload.',
    },
    servers: [{ url: '/' }],
    components: {
      schemas: components.schemas,
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'API key inv_sk_…' },
        cookieAuth: { type: 'apiKey', in: 'cookie', name: 'inv_session' },
        legacyApiKey: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: 'Legacy render interface: the inv_sk_… key itself, no Bearer prefix (one is tolerated).',
        },
      },
    },
    paths,
  };
}

export function openApiDocument(): string {
  cached ??= JSON.stringify(buildOpenApiDocument());
  return cached;
}
