import { ISSUE_RULE_DESCRIPTIONS, ISSUE_RULES, MAX_DETAILS } from '@invoice/model';
import { z } from 'zod';

/** Shapes shared by every endpoint group of the invoice interface; `/openapi.json` is generated from them. */

/** One problem of a refused request (`error.details[]`, issue 21): which field, which rule, what is wrong. */
const ErrorDetailSchema = z
  .object({
    path: z.string().meta({
      description: 'The path of the field: `items[3].unit_price`, `invoice.due_date`; `body` for the body itself.',
    }),
    rule: z.enum(ISSUE_RULES).meta({
      description: `A stable machine name of the rule broken:\n${ISSUE_RULES.map((r) => `- \`${r}\`: ${ISSUE_RULE_DESCRIPTIONS[r]}`).join('\n')}`,
    }),
    message: z.string().meta({ description: 'What is wrong, without the path: `must be a number`.' }),
  })
  .meta({ id: 'ErrorDetail' });

const ErrorDetailsSchema = z.array(ErrorDetailSchema).meta({
  description: `Every problem, at most ${MAX_DETAILS} (the message counts the rest); empty when no field is at fault (401, 404, 429…).`,
});

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
      details: ErrorDetailsSchema,
    }),
  })
  .meta({ id: 'ErrorBody' });

/** The legacy render interface's error body (spec: Errors, legacy table), with the same details in legacy names. */
export const LegacyErrorBodySchema = z
  .object({
    success: z.literal(false),
    error: z.string().meta({ description: 'Human-readable; names the field (rows[2].qty) and the rule.' }),
    code: z.string().meta({ description: 'Legacy code from its closed table (per status, the codes listed).' }),
    details: ErrorDetailsSchema,
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
