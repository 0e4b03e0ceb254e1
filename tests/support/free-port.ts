import { readFileSync } from 'node:fs';
import net from 'node:net';

/** The kernel's range for outgoing connections' local ports (and for `listen(0)`). */
function ephemeralRange(): [number, number] {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (low && high) return [low, high];
  } catch {
    // Not Linux: the IANA range.
  }
  return [49152, 65535];
}

const BELOW = 10_000;

function bindable(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.on('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : null));
    });
  });
}

/**
 * An unused loopback port for a server a test starts. Not one the kernel hands out itself: between
 * this answer and the server's bind, any outgoing connection (a test's PostgreSQL or Redis client)
 * may take a port of the ephemeral range, and the server then fails with EADDRINUSE (seen in CI).
 * A random port below that range only clashes with another test's pick of the same one.
 */
export async function freePort(): Promise<number> {
  const [low] = ephemeralRange();
  if (low - BELOW >= 1_000) {
    for (let attempt = 0; attempt < 50; attempt++) {
      const port = await bindable(BELOW + Math.floor(Math.random() * (low - BELOW)));
      if (port) return port;
    }
  }
  const port = await bindable(0);
  if (!port) throw new Error('no free port');
  return port;
}
