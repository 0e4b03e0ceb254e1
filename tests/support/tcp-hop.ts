import { createServer, Socket, type Server } from 'node:net';
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
   * Holds every byte both ways until restore() delivers them, as TCP does across a network
   * partition: a statement sent before a client gave up still reaches the server and runs once the
   * partition ends, the client's close after it (the server keeps the session and its locks until
   * then); a connection asked for meanwhile reaches the server only if its client still waits.
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
  /**
   * What a partition holds, in the order it came, for restore(): bytes both ways, a side's close
   * (its kernel goes on sending what it had sent, then its FIN: the other side learns of it after
   * those bytes, once the network is back), and a connection asked for meanwhile (its SYN).
   */
  const held: (() => void)[] = [];
  const later = (action: () => void) => (state === 'partitioned' ? held.push(action) : action());
  let connections = 0;
  let trigger: string | null = null;
  const cutAll = () => {
    for (const [client, server] of pairs) {
      client.destroy();
      server.destroy();
    }
    pairs.clear();
    held.length = 0;
  };
  const hop: Server = createServer((client) => {
    connections++;
    if (state === 'down') return void client.destroy();
    const server = new Socket();
    const pair: [Socket, Socket] = [client, server];
    pairs.add(pair);
    /** Asked for during a partition and given up before it ended: nothing of it ever reached the server. */
    let abandoned = false;
    let opened = false;
    later(() => {
      if (abandoned) return;
      opened = true;
      server.connect(port, host);
    });
    client.on('data', (chunk: Buffer) => {
      if (state === 'up' && trigger !== null && chunk.toString('latin1').includes(trigger)) {
        state = 'hung';
        trigger = null;
      }
      if (state !== 'hung') later(() => !abandoned && !server.destroyed && server.write(chunk));
    });
    server.on('data', (chunk: Buffer) => {
      if (state === 'hung') return;
      if (state === 'dropping') {
        state = 'down';
        return cutAll();
      }
      later(() => !client.destroyed && client.write(chunk));
    });
    const end = () => {
      client.destroy();
      server.destroy();
      pairs.delete(pair);
    };
    client.on('close', () => {
      if (state === 'partitioned' && !opened) {
        abandoned = true;
        pairs.delete(pair);
        return;
      }
      later(end);
    });
    server.on('close', () => later(end));
    // Each error closes its socket: the close above ends the pair.
    for (const socket of pair) socket.on('error', () => undefined);
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
      for (const action of held.splice(0)) action();
    },
    connections: () => connections,
    async close() {
      cutAll();
      await new Promise<void>((resolve) => hop.close(() => resolve()));
    },
  };
}
