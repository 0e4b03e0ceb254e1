import http from 'node:http';

// node:http with keep-alive: on a 2-core machine the load generator shares the CPU with the server,
// and undici's fetch spends about 4x the CPU per POST (measured: 470 vs 100 µs), which throttled
// the server it was meant to measure.
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** A JSON call to the server under test; throws on an unexpected status so a broken run cannot pass as fast. */
export function call(base: string, method: string, path: string, options: { token?: string; body?: unknown; expect?: number } = {}): Promise<any> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${base}${path}`,
      {
        method,
        agent,
        headers: {
          ...(body !== undefined ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if (response.statusCode !== (options.expect ?? 200)) {
            reject(new Error(`${method} ${path}: ${response.statusCode} ${text.slice(0, 300)}`));
          } else {
            resolve(text ? JSON.parse(text) : null);
          }
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

export function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}
