/** @jsxImportSource hono/jsx */
// The pieces of the guide pages under /docs (the SDK, the MCP server): a section with a heading and a
// code block. Code is text, escaped by JSX; nothing runs inline.
import type { Child } from 'hono/jsx';

export function GuideSection(props: { id: string; title: string; children?: Child }) {
  return (
    <section class="guide-section" aria-labelledby={props.id}>
      <h2 id={props.id}>{props.title}</h2>
      {props.children}
    </section>
  );
}

export function CodeBlock(props: { label: string; code: string }) {
  return (
    <figure class="code-figure">
      <figcaption class="visually-hidden">{props.label}</figcaption>
      <pre class="code-block">
        <code>{props.code}</code>
      </pre>
    </figure>
  );
}

/** The links between the reference and the guides, at the top of each of them. */
export function DocsLinks(props: { current: '/docs' | '/docs/sdk' | '/docs/mcp' }) {
  const links = [
    ['/docs', 'API reference'],
    ['/docs/sdk', 'TypeScript SDK'],
    ['/docs/mcp', 'MCP server for AI agents'],
  ] as const;
  return (
    <nav class="docs-links" aria-label="Documentation">
      <ul>
        {links.map(([href, label]) => (
          <li>
            <a href={href} aria-current={href === props.current ? 'page' : undefined}>
              {label}
            </a>
          </li>
        ))}
        <li>
          <a href="/openapi.json">openapi.json</a>
        </li>
      </ul>
    </nav>
  );
}

/** Prose whose `backticked` parts are code (the tools' descriptions are written for agents, in Markdown's way). */
export function InlineCode(props: { text: string }) {
  return <>{props.text.split('`').map((part, i) => (i % 2 === 1 ? <code>{part}</code> : part))}</>;
}
