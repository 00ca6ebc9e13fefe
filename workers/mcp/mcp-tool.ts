// One MCP tool: what tools/list shows (name, description for a model, JSON Schemas generated from the
// zod schemas of the REST routes) and what tools/call runs. Arguments reach `run` unvalidated by the
// SDK: each tool validates with the service's own code, so a bad invoice is a tool error naming the
// field (D4), never a JSON-RPC -32602.
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { Context } from 'hono';
import { z } from 'zod';
import type { AccountCaller } from '../accounts/caller.ts';
import type { AppEnv } from '../env.ts';

export interface ToolContext {
  c: Context<AppEnv>;
  caller: AccountCaller;
  now: number;
}

interface ToolOutcome {
  /** The structuredContent; it conforms to `output`. */
  structured: Record<string, unknown>;
  /** One or two sentences for the model. */
  summary: string;
}

export interface McpTool {
  name: string;
  title: string;
  description: string;
  /**
   * Documents the arguments (inputSchema) and validates them before `run` (an unknown argument is a tool
   * error naming it, issue 21), unless `run` validates them itself through a REST pipeline.
   */
  input: z.ZodType;
  /** The invoice tools: `run` reads the arguments as the REST route reads its body (camelCase, flat layer). */
  runValidatesArguments?: true;
  output: z.ZodType;
  /** Hints for the host (e.g. whether to ask before calling): which tools only read, which create documents. */
  annotations: ToolAnnotations;
  run(ctx: ToolContext, args: Record<string, unknown>): Promise<ToolOutcome>;
}

type JsonObject = Record<string, unknown>;

/**
 * A self-contained JSON Schema (2020-12) of a zod schema: shared ids under `$defs`, as
 * workers/openapi/schema-components.ts converts them for /openapi.json (input as zod's input, output
 * as its output, which forbids undocumented properties). MCP wants `type: "object"` at the root, so a
 * root that zod writes as a `$ref` to its own id is moved up, and references to it point at `#`.
 */
export function toolJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonObject {
  const { $schema: _schema, ...json } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    reused: 'inline',
  }) as JsonObject;
  const rootRef = typeof json.$ref === 'string' ? json.$ref : undefined;
  if (!rootRef?.startsWith('#/$defs/')) return json;
  const { [rootRef.slice('#/$defs/'.length)]: root, ...defs } = json.$defs as Record<string, JsonObject>;
  const hoisted = { ...root, ...(Object.keys(defs).length > 0 ? { $defs: defs } : {}) };
  return JSON.parse(JSON.stringify(hoisted).replaceAll(`"$ref":"${rootRef}"`, '"$ref":"#"')) as JsonObject;
}
