import { z } from 'zod';

/** Shapes shared by every endpoint group of the invoice interface; `/openapi.json` is generated from them. */

export const ErrorBodySchema = z
  .object({
    success: z.literal(false),
    error: z.object({
      code: z.string().meta({ description: 'Stable machine code, e.g. validation_error, invalid_currency, rate_limit_hourly.' }),
      message: z.string().meta({ description: 'Human-readable; names the field path (items[3].unit_price) and the rule.' }),
    }),
  })
  .meta({ id: 'ErrorBody' });

const WindowSchema = z.object({
  limit: z.int().meta({ description: '-1 for unlimited' }),
  used: z.int(),
  reset_at: z.int().meta({ description: 'Window end, Unix seconds' }),
});

export const MetaSchema = z
  .object({
    request_id: z.string().meta({ description: 'Equals the X-Request-Id header: req_ + 20 base62 characters.' }),
    processing_ms: z.int(),
    credits_remaining: z.object({ hourly: z.int(), weekly: z.int() }),
    rate_limits: z.object({
      monthly_equivalent: z.int().meta({ description: 'Monthly document quota of the plan; -1 for unlimited.' }),
      hourly: WindowSchema.optional(),
      weekly: WindowSchema.optional(),
    }),
  })
  .meta({ id: 'Meta' });

export type ErrorBody = z.infer<typeof ErrorBodySchema>;
export type Meta = z.infer<typeof MetaSchema>;
