// POST /mcp: Model Context Protocol over Streamable HTTP (docs/mcp.md), stateless and answered as JSON.
// Not an operation of /openapi.json: its body is JSON-RPC, described by the MCP tools/list (M4).
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { Hono } from 'hono';
import { generateInvoiceBatch } from '../batch/batch-operations.ts';
import type { AppEnv } from '../env.ts';
import { ApiError } from '../http/api-error.ts';
import { cachePolicy } from '../http/cache-policy.ts';
import { mcpCaller } from './mcp-auth.ts';
import { createMcpServer } from './mcp-server.ts';

const MCP_PATH = '/mcp';

export const mcpRoutes = new Hono<AppEnv>();

// Answers depend on the API key (F3), like the operations' behind mountOperations.
mcpRoutes.post(MCP_PATH, cachePolicy({ auth: 'account' }), async (c) => {
  const caller = await mcpCaller(c);
  const server = createMcpServer({ c, caller });
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    // The largest arguments are a batch's: D5 allows 25 MB for POST /api/batch.
    maxRequestBodySize: generateInvoiceBatch.body.limitBytes,
  });
  await server.connect(transport);
  try {
    return await transport.handleRequest(c.req.raw);
  } finally {
    await server.close();
  }
});

// Stateless: no server-initiated stream (GET) and no session to end (DELETE).
mcpRoutes.all(MCP_PATH, (c) => {
  throw new ApiError('method_not_allowed', `${c.req.method} is not allowed on ${MCP_PATH}; use POST`, {
    headers: { Allow: 'POST' },
  });
});
