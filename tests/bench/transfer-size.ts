import http from 'node:http';

export interface Transfer {
  path: string;
  /** Body bytes as they crossed the wire (compressed when the server compressed them). */
  bytes: number;
  encoding: string | null;
}

/**
 * What the server sends for `path` to a client offering `acceptEncoding` (none: the plain body).
 * node:http, not fetch: fetch decodes compressed bodies and hides their size.
 */
export function transferOf(base: string, path: string, acceptEncoding?: string): Promise<Transfer> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${base}${path}`, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => {
        if (response.statusCode !== 200) reject(new Error(`GET ${path}: ${response.statusCode}`));
        else resolve({ path, bytes, encoding: response.headers['content-encoding'] ?? null });
      });
    });
    request.on('error', reject);
  });
}
