// A real HTTP server on loopback that answers each request with the next scripted answer and records
// what it received, so the client's retries are checked over real sockets rather than a mocked fetch.
import { createServer } from 'node:http';

export interface ScriptedAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
}

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export async function startScriptedServer(script: (n: number, req: ReceivedRequest) => ScriptedAnswer) {
  const received: ReceivedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      };
      received.push(r);
      const answer = script(received.length - 1, r);
      res.writeHead(answer.status, answer.headers ?? {});
      res.end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const jsonAnswer = (status: number, body: unknown, headers: Record<string, string> = {}): ScriptedAnswer => ({
  status,
  headers: { 'Content-Type': 'application/json', 'X-Request-Id': 'req_00000000000000000001', ...headers },
  body: JSON.stringify(body),
});

export const apiError = (
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
  details: { path: string; rule: string; message: string }[] = [],
) => jsonAnswer(status, { success: false, error: { code, message, details } }, headers);
