/** @jsxImportSource hono/jsx */
// `/docs/mcp`: connecting an AI agent to /mcp (decisions M1–M6). The tool list is the server's own
// (MCP_TOOLS: what each does and what it costs, as tools/list tells a model), and the desktop snippet is
// examples/mcp-client-config.json, which an e2e test connects with: neither can drift from the server.
import desktopConfig from '../../examples/mcp-client-config.json';
import { MCP_TOOLS } from '../mcp/mcp-tools.ts';
import { CodeBlock, DocsLinks, GuideSection, InlineCode } from './guide-section.tsx';
import { Layout } from './layout.tsx';

const EXAMPLE_HOST = 'https://invoices.example.com';

/** The first line of a tool's description says what it does; the line starting "Cost:" what it counts. */
function toolSummary(description: string): { does: string; cost: string } {
  const lines = description.split('\n');
  const cost =
    lines
      .find((l) => l.startsWith('Cost:'))
      ?.slice('Cost:'.length)
      .trim() ?? 'Nothing.';
  return { does: lines[0] ?? '', cost };
}

export function McpGuidePage(props: { user: string | null; baseUrl: string }) {
  const mcpUrl = `${props.baseUrl}/mcp`;
  const snippet = JSON.stringify(desktopConfig, null, 2).replace(`${EXAMPLE_HOST}/mcp`, mcpUrl);
  const cli = `claude mcp add --transport http invoices ${mcpUrl} --header "Authorization: Bearer inv_sk_…"`;
  return (
    <Layout title="MCP server" path="/docs/mcp" script="site-page" user={props.user}>
      <DocsLinks current="/docs/mcp" />
      <h1>MCP server for AI agents</h1>
      <p class="lead">
        AI assistants create and calculate invoices through the Model Context Protocol at <code>{mcpUrl}</code>{' '}
        (Streamable HTTP), with your API key, the same validation and the same plan limits as the REST API.
      </p>
      <GuideSection id="mcp-connect" title="Connect">
        <p>
          Send the account's API key as <code>Authorization: Bearer inv_sk_…</code> (create it on the{' '}
          <a href="/app">dashboard</a>). Without a key the server answers 401 with a <code>WWW-Authenticate</code> hint;
          the session cookie is not accepted here.
        </p>
        <p>Clients with remote servers built in take the URL and the header:</p>
        <CodeBlock label="Adding the server to a command-line assistant" code={cli} />
        <p>
          Desktop assistants that start local servers only (such as Claude Desktop) connect through{' '}
          <code>mcp-remote</code>: put this in the assistant's configuration file with your key.
        </p>
        <CodeBlock label="Desktop assistant configuration" code={snippet} />
      </GuideSection>
      <GuideSection id="mcp-tools" title="Tools">
        <table class="table table--stack table--prose">
          <thead>
            <tr>
              <th scope="col">Tool</th>
              <th scope="col">What it does</th>
              <th scope="col">Cost</th>
            </tr>
          </thead>
          <tbody>
            {MCP_TOOLS.map((tool) => {
              const { does, cost } = toolSummary(tool.description);
              return (
                <tr>
                  <th scope="row">
                    <code>{tool.name}</code>
                  </th>
                  <td data-label="What it does">
                    <InlineCode text={does} />
                  </td>
                  <td data-label="Cost">
                    <InlineCode text={cost} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <p>
          <code>calculate_invoice</code> and <code>create_invoice</code> take the body of{' '}
          <a href="/docs">POST /api/generate-invoice</a> as their arguments. Results are structured JSON with a short
          summary; PDFs are not sent into the conversation: <code>create_invoice</code> returns their hosted link.
        </p>
      </GuideSection>
      <GuideSection id="mcp-errors" title="Errors">
        <p>
          A refused call is a tool result with <code>isError</code>, carrying the service's error code, the field and,
          for a full window, when to try again, so the assistant can correct itself. Calls count in the same hourly,
          weekly and monthly windows as REST calls.
        </p>
      </GuideSection>
    </Layout>
  );
}
