import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { onTestFinished } from 'vitest';
import { screeningArguments, toolCallCompletion } from '../../scripts/lib/openai-wire';

/** A request a stand-in received. */
export interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A local HTTP server answering with `handle`; closed when the test ends. Answers its base URL and what it received. */
export async function standIn(handle: (request: Received) => { status: number; body: unknown; type?: string }) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
      received.push(request);
      const answer = handle(request);
      res.writeHead(answer.status, { 'content-type': answer.type ?? 'application/json' });
      res.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, received };
}

/** An OpenAI-compatible provider answering every chat completion the way `mode()` says at the time. */
export async function aiStandIn(mode: () => 'ok' | 'error' | 'garbage', type = 'Type 4') {
  return standIn((request) => {
    if (!request.url.endsWith('/chat/completions')) return { status: 404, body: { error: { message: 'no such route' } } };
    const current = mode();
    if (current === 'error') return { status: 500, body: { error: { message: 'the model fell over', type: 'server_error' } } };
    if (current === 'garbage') return { status: 200, body: toolCallCompletion('{"general": {"type": "Type') };
    return {
      status: 200,
      body: toolCallCompletion(screeningArguments(type)),
    };
  });
}
