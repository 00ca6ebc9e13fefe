// A loopback HTTP proxy in front of `wrangler dev` that loses one answer: the first request matching
// `lose` is forwarded and fully answered upstream (the service does the work), but the client gets a 429
// with `Retry-After: 1` instead, as if the real answer had been lost on the way. Every other request is
// passed through. It records what went upstream and what came back, for the idempotency checks (D8).
import { createServer, type IncomingHttpHeaders } from 'node:http';

interface ProxiedExchange {
  method: string;
  path: string;
  requestHeaders: IncomingHttpHeaders;
  status: number;
  responseHeaders: Headers;
  responseBody: string;
  lost: boolean;
}

export async function startLossyProxy(upstream: string, lose: (method: string, path: string) => boolean) {
  const exchanges: ProxiedExchange[] = [];
  let lostOne = false;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const method = req.method ?? 'GET';
      const path = req.url ?? '/';
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers))
        if (v !== undefined && k !== 'host' && k !== 'connection') headers.set(k, String(v));
      const body = chunks.length ? Buffer.concat(chunks) : undefined;
      const answer = await fetch(upstream + path, { method, headers, body });
      const bytes = Buffer.from(await answer.arrayBuffer());
      const lost = !lostOne && lose(method, path);
      lostOne ||= lost;
      exchanges.push({
        method,
        path,
        requestHeaders: req.headers,
        status: answer.status,
        responseHeaders: answer.headers,
        responseBody: bytes.toString('utf8'),
        lost,
      });
      if (lost) {
        res.writeHead(429, { 'Content-Type': 'application/json', 'Retry-After': '1' });
        res.end(
          JSON.stringify({ success: false, error: { code: 'rate_limit_exceeded', message: 'Lost on the way.' } }),
        );
        return;
      }
      const out: Record<string, string> = {};
      answer.headers.forEach((v, k) => {
        if (k !== 'content-encoding' && k !== 'content-length' && k !== 'transfer-encoding') out[k] = v;
      });
      res.writeHead(answer.status, out);
      res.end(bytes);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    exchanges,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
