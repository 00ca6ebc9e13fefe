import { z } from 'zod';

/** Shapes shared by every endpoint group of the invoice interface; `/openapi.json` is generated from them. */

export const ErrorBodySchema = z
  .object({
    success: z.literal(false),
    error: z.object({
      code: z.string().meta({
        description: 'Stable machine code from the closed table (per status, the codes each operation lists).',
      }),
      message: z
        .string()
        .meta({ description: 'Human-readable; names the field path (items[3].unit_price) and the rule.' }),
    }),
  })
  .meta({ id: 'ErrorBody' });

/** The legacy render interface's error body (spec: Errors, legacy table). */
export const LegacyErrorBodySchema = z
  .object({
    success: z.literal(false),
    error: z.string().meta({ description: 'Human-readable; names the field (rows[2].qty) and the rule.' }),
    code: z.string().meta({ description: 'Legacy code from its closed table (per status, the codes listed).' }),
  })
  .meta({ id: 'LegacyErrorBody' });

const WindowSchema = z.object({
  limit: z.int().meta({ description: '-1 for unlimited' }),
  used: z.int(),
  reset_at: z.int().meta({ description: 'Window end, Unix seconds' }),
});

const RequestMetaShape = {
  request_id: z.string().meta({ description: 'Equals the X-Request-Id header: req_ + 20 base62 characters.' }),
  processing_ms: z.int(),
};

/** meta of a hosted link answer: nothing about the owner's limits is shown to whoever opens it. */
export const RequestMetaSchema = z.object(RequestMetaShape).meta({ id: 'RequestMeta' });

/** meta of metered answers (generate, batch): the same counters as the X-RateLimit-* headers (D7). */
export const MeteredMetaSchema = z
  .object({
    ...RequestMetaShape,
    credits_remaining: z.object({ hourly: z.int(), weekly: z.int() }),
    rate_limits: z.object({
      monthly_equivalent: z.int().meta({ description: 'Monthly document quota of the plan; -1 for unlimited.' }),
      hourly: WindowSchema.optional(),
      weekly: WindowSchema.optional(),
    }),
  })
  .meta({ id: 'Meta' });

export const MessageResponseSchema = z
  .object({ success: z.literal(true), message: z.string() })
  .meta({ id: 'MessageResponse' });
