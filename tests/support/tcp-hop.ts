import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface Outage {
  port: number;
  /** Cuts every connection and refuses new ones (the server stopped). */
  cut(): void;
  /** Lets the next reply from the server get lost: the connection is cut as it comes, and new ones refused. */
  dropNextReply(): void;
  /** Keeps every connection open and lets nothing through, dropping what is sent (a host gone without a reset). */
  hang(): void;
  /**
   * Keeps every connection open and holds every byte both ways until restore() delivers them, as TCP
   * does across a network partition: a client that gave up meanwhile dropped its connection; one that
   * waited (no bound on its statement) gets its answer once the partition ends.
   */
  partition(): void;
  /**
   * Hangs (as `hang()`) from the moment the client sends a statement containing `text`, that statement
   * held too: a hang that lands inside a transaction, or on a chosen page, deterministically.
   */
  hangOn(text: string): void;
  /** Takes connections again (the server back). */
  restore(): void;
  /** Connections asked for so far. */
  connections(): number;
  close(): Promise<void>;
}

/** A TCP hop to PostgreSQL that can be cut, as a restart cuts the server's connections. */
export async function cuttableHop(host: string, port: number): Promise<Outage> {
  const pairs = new Set<[Socket, Socket]>();
  let state: 'up' | 'down' | 'dropping' | 'hung' | 'partitioned' = 'up';
  /** The bytes a partition holds, by the socket they are on their way to, in the order they came. */
  const held = new Map<Socket, Buffer[]>();
  const pass = (to: Socket, chunk: Buffer) => {
    if (state !== 'partitioned') return void to.write(chunk);
    const bytes = held.get(to) ?? [];
    bytes.push(chunk);
    held.set(to, bytes);
  };
  let connections = 0;
  let trigger: string | null = null;
  const cutAll = () => {
    for (const [client, server] of pairs) {
      client.destroy();
      server.destroy();
    }
    pairs.clear();
  };
  const hop: Server = createServer((client) => {
    connections++;
    if (state === 'down') return void client.destroy();
    const server = connect(port, host);
    const pair: [Socket, Socket] = [client, server];
    pairs.add(pair);
    client.on('data', (chunk: Buffer) => {
      if (state === 'up' && trigger !== null && chunk.toString('latin1').includes(trigger)) {
        state = 'hung';
        trigger = null;
      }
      if (state !== 'hung') pass(server, chunk);
    });
    server.on('data', (chunk) => {
      if (state === 'hung') return;
      if (state === 'dropping') {
        state = 'down';
        return cutAll();
      }
      pass(client, chunk);
    });
    const end = () => {
      client.destroy();
      server.destroy();
      pairs.delete(pair);
    };
    for (const socket of pair) {
      socket.on('error', end);
      socket.on('close', end);
    }
  });
  await new Promise<void>((resolve) => hop.listen(0, '127.0.0.1', resolve));
  return {
    port: (hop.address() as AddressInfo).port,
    cut() {
      state = 'down';
      cutAll();
    },
    dropNextReply() {
      state = 'dropping';
    },
    hang() {
      state = 'hung';
    },
    hangOn(text) {
      trigger = text;
    },
    partition() {
      state = 'partitioned';
    },
    restore() {
      state = 'up';
      trigger = null;
      for (const [to, bytes] of held) if (!to.destroyed) for (const chunk of bytes) to.write(chunk);
      held.clear();
    },
    connections: () => connections,
    async close() {
      cutAll();
      await new Promise<void>((resolve) => hop.close(() => resolve()));
    },
  };
}
