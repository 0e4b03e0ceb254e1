import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP hop in front of a real PostgreSQL that counts the statements whose text contains `text`, and
 * lets each through after `delayMs` (a busy database): how many pages of an export the server asked for.
 */
export async function countingHop(host: string, port: number, text: string, delayMs: number) {
  let count = 0;
  const sockets = new Set<Socket>();
  const hop: Server = createServer((client) => {
    const server = connect(port, host);
    sockets.add(client).add(server);
    // Kept in order: a delayed chunk holds the ones after it.
    let chain = Promise.resolve();
    client.on('data', (chunk: Buffer) => {
      const hit = chunk.toString('latin1').includes(text);
      if (hit) count++;
      chain = chain.then(async () => {
        if (hit && delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
        if (!server.destroyed) server.write(chunk);
      });
    });
    server.on('data', (chunk) => client.write(chunk));
    const end = () => {
      client.destroy();
      server.destroy();
    };
    for (const socket of [client, server]) {
      socket.on('error', end);
      socket.on('close', end);
    }
  });
  await new Promise<void>((resolve) => hop.listen(0, '127.0.0.1', resolve));
  return {
    port: (hop.address() as AddressInfo).port,
    count: () => count,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => hop.close(() => resolve()));
    },
  };
}
