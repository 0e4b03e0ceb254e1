import { createServer, request as forward } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RoundRobinProxy {
  url: string;
  /** Requests each backend was sent, by its base URL. */
  served: Map<string, number>;
  close(): Promise<void>;
}

/**
 * The load balancer in front of the API replicas: each request goes to the next backend in turn,
 * with the peer's address appended to X-Forwarded-For as a real proxy does (what the client wrote
 * there stays on the left, where TRUST_PROXY=1 ignores it).
 */
export async function startRoundRobinProxy(backends: string[]): Promise<RoundRobinProxy> {
  const served = new Map(backends.map((backend) => [backend, 0]));
  let next = 0;
  const server = createServer((incoming, outgoing) => {
    const backend = backends[next++ % backends.length]!;
    served.set(backend, served.get(backend)! + 1);
    const peer = (incoming.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
    const forwardedFor = [incoming.headers['x-forwarded-for'], peer].filter(Boolean).join(', ');
    const target = new URL(incoming.url ?? '/', backend);
    const upstream = forward(
      target,
      { method: incoming.method, headers: { ...incoming.headers, 'x-forwarded-for': forwardedFor, 'x-forwarded-proto': 'http' } },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
        // A backend that dies mid-answer (a live stream's API killed): the client's connection is
        // cut too, as a load balancer does, rather than left open with nothing more to come.
        answer.on('aborted', () => outgoing.destroy());
        answer.on('error', () => outgoing.destroy());
      },
    );
    upstream.on('error', () => {
      if (outgoing.headersSent) return void outgoing.destroy();
      outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
