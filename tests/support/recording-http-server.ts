import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** How the server answers one request: a status, or never (to test timeouts). */
export type Answer = number | 'hang';

export interface RecordingServer {
  url: string;
  requests: RecordedRequest[];
  /** Answers for the next requests, in order; once used up, 200. */
  answerNext(...answers: Answer[]): void;
  close(): Promise<void>;
}

/**
 * A local HTTP server that records every request: the stand-in for an SMS gateway or a webhook
 * receiver. `port`: listen there (a receiver that went down coming back at its address); absent: any free one.
 */
export async function startRecordingServer(port = 0): Promise<RecordingServer> {
  const requests: RecordedRequest[] = [];
  const answers: Answer[] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const answer = answers.shift() ?? 200;
      if (answer === 'hang') {
        hanging.add(response);
        return;
      }
      response.writeHead(answer, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ ok: answer < 400 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const listening = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${listening}`,
    requests,
    answerNext: (...next) => answers.push(...next),
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
