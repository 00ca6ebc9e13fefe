// examples/mcp-client-config.json (issue 14: the desktop assistant snippet) cannot rot: it is read as
// mcp-remote reads it (`--header Name:${VAR}`, the variable taken from `env`), pointed at the dev
// server, and the official MCP client connects with exactly that header.
import { readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { connectMcp } from './mcp-client.ts';

const baseUrl = inject('baseUrl');
const { apiKey } = inject('accounts')['mcp-config'];

interface ServerEntry {
  command: string;
  args: string[];
  env: Record<string, string>;
}

const config = JSON.parse(readFileSync('examples/mcp-client-config.json', 'utf8')) as {
  mcpServers: Record<string, ServerEntry>;
};
const entry = config.mcpServers['invoice-service'];

/** mcp-remote's header handling: `Name:value` split at the first colon, `${VAR}` from the environment. */
function headersOf(args: string[], env: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = {};
  args.forEach((arg, i) => {
    if (arg !== '--header') return;
    const raw = args[i + 1].replace(/\$\{(\w+)\}/g, (_, name: string) => env[name] ?? '');
    const colon = raw.indexOf(':');
    headers[raw.slice(0, colon).trim()] = raw.slice(colon + 1).trim();
  });
  return headers;
}

describe('examples/mcp-client-config.json', () => {
  it('runs mcp-remote against an https URL whose path is /mcp', () => {
    expect(entry.command).toBe('npx');
    expect(entry.args).toContain('mcp-remote');
    const url = new URL(entry.args.find((a) => /^https?:\/\//.test(a))!);
    expect(url.protocol).toBe('https:');
    expect(url.pathname).toBe('/mcp');
  });

  it('sends the key as Authorization: Bearer inv_sk_…, the form /mcp accepts', async () => {
    const placeholder = headersOf(entry.args, entry.env);
    expect(placeholder.Authorization).toMatch(/^Bearer inv_sk_\w+$/);

    // The same snippet with a real key in its env entry, at the dev server's origin.
    const envName = /\$\{(\w+)\}/.exec(entry.args.join(' '))![1];
    const headers = headersOf(entry.args, { ...entry.env, [envName]: `Bearer ${apiKey}` });
    const client = await connectMcp(baseUrl, headers);
    try {
      const { tools } = await client.listTools();
      expect(tools.length).toBeGreaterThan(0);
    } finally {
      await client.close();
    }
  });
});
