// The official MCP TypeScript client over Streamable HTTP against the dev server's /mcp.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

export async function connectMcp(baseUrl: string, headers: Record<string, string>): Promise<Client> {
  const client = new Client({ name: 'invoice-e2e', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', baseUrl), { requestInit: { headers } }));
  return client;
}

/** The arguments a tool's description gives as its example (`Example arguments: {...}`). */
export function exampleArguments(description: string | undefined): Record<string, unknown> {
  const json = /Example arguments: (\{.*\})\s*$/s.exec(description ?? '')?.[1];
  if (!json) throw new Error(`no example in the description:\n${description}`);
  return JSON.parse(json) as Record<string, unknown>;
}

export interface ToolErrorJson {
  code: string;
  status: number;
  message: string;
  field?: string;
  retry_after?: number;
}

/** The error object a failed tool call carries in its second text block (workers/mcp/tool-error.ts). */
export function toolErrorOf(result: object): ToolErrorJson {
  const { isError, content } = result as { isError?: boolean; content?: unknown };
  if (isError !== true) throw new Error(`not a tool error: ${JSON.stringify(result)}`);
  const blocks = content as { type: string; text: string }[];
  return (JSON.parse(blocks[1].text) as { error: ToolErrorJson }).error;
}
