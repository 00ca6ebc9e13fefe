// One MCP server per /mcp request (stateless Streamable HTTP, docs/decisions.md M2): the SDK's
// low-level Server, so tools/list shows JSON Schemas generated from the REST routes' zod schemas and
// tools/call arguments reach the service's own validation untouched.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/cfworker';
import { parseWithSchema } from '../http/read-json-body.ts';
import type { McpTool, ToolContext } from './mcp-tool.ts';
import { toolJsonSchema } from './mcp-tool.ts';
import { MCP_TOOLS } from './mcp-tools.ts';
import { toolError } from './tool-error.ts';

const INSTRUCTIONS =
  'Invoice service: calculate_invoice for totals, create_invoice for a document (hosted PDF link, or UBL/CII XML text), create_invoice_batch for up to 50, validate_invoice to check an e-invoice (Peppol, XRechnung, EN 16931) before creating it, list_options for accepted values, get_usage for the remaining quota. Calls count against the same limits as the REST API.';

/** The listing is the same for every request: built once per isolate. */
let listing: Tool[] | undefined;
const toolListing = (): Tool[] => {
  listing ??= MCP_TOOLS.map((t) => ({
    name: t.name,
    title: t.title,
    description: t.description,
    inputSchema: toolJsonSchema(t.input, 'input') as Tool['inputSchema'],
    outputSchema: toolJsonSchema(t.output, 'output') as Tool['outputSchema'],
    annotations: t.annotations,
  }));
  return listing;
};

const byName = new Map<string, McpTool>(MCP_TOOLS.map((t) => [t.name, t]));

async function callTool(tool: McpTool, ctx: ToolContext, args: Record<string, unknown>): Promise<CallToolResult> {
  try {
    if (!tool.runValidatesArguments) parseWithSchema(args, tool.input);
    const { structured, summary } = await tool.run(ctx, args);
    // The JSON as text too, for clients that do not read structuredContent (MCP 2025-06-18, tools).
    return {
      content: [
        { type: 'text', text: summary },
        { type: 'text', text: JSON.stringify(structured) },
      ],
      structuredContent: structured,
    };
  } catch (err) {
    return toolError(err, ctx.c.get('requestId'));
  }
}

export function createMcpServer(ctx: Omit<ToolContext, 'now'>): Server {
  const server = new Server(
    { name: 'invoice-service', version: ctx.c.env.SERVICE_VERSION ?? '1.0.0' },
    // Ajv (the SDK's default) compiles schemas with new Function, which workerd forbids.
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS, jsonSchemaValidator: new CfWorkerJsonSchemaValidator() },
  );
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: toolListing() }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = byName.get(request.params.name);
    // An unknown tool is a protocol error (MCP spec, tools: error handling); everything else is a tool result.
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    return callTool(tool, { ...ctx, now: Date.now() }, request.params.arguments ?? {});
  });
  return server;
}
