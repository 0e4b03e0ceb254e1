import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRecordingServer, type RecordingServer } from '../../../tests/support/recording-http-server';
import { sendDelivery } from './webhook-sender';

const REQUEST = { body: '{"id":"d1"}', headers: { 'x-desk-delivery': 'd1' } };

describe('sending one delivery', () => {
  let receiver: RecordingServer;
  beforeAll(async () => {
    receiver = await startRecordingServer();
  });
  afterAll(() => receiver.close());

  it("records the receiver's status and the first kilobyte of its answer", async () => {
    receiver.answerNext(503);
    const result = await sendDelivery({ url: `${receiver.url}/hook`, ...REQUEST }, false);
    expect(result).toMatchObject({ statusCode: 503, error: null, excerpt: '{"ok":false}' });
    expect(receiver.requests.at(-1)).toMatchObject({
      method: 'POST',
      url: '/hook',
      body: REQUEST.body,
      headers: { 'x-desk-delivery': 'd1', 'content-type': 'application/json' },
    });
  });

  it('in production, refuses an address on this machine or a private network, and sends nothing', async () => {
    const before = receiver.requests.length;
    const literal = await sendDelivery({ url: `${receiver.url}/hook`, ...REQUEST }, true);
    expect(literal).toMatchObject({ statusCode: null, error: expect.stringMatching(/private or reserved address|https/) });
    // A name that resolves to this machine is refused where it is looked up, before any connection.
    const port = new URL(receiver.url).port;
    const named = await sendDelivery({ url: `https://localhost:${port}/hook`, ...REQUEST }, true);
    expect(named).toMatchObject({ statusCode: null, error: expect.stringMatching(/localhost resolves to a private or reserved address/) });
    const metadata = await sendDelivery({ url: 'https://169.254.169.254/latest/meta-data/', ...REQUEST }, true);
    expect(metadata).toMatchObject({ statusCode: null, error: expect.stringMatching(/private or reserved address/) });
    expect(receiver.requests.length).toBe(before);
  });

  it('never follows a redirect, and reads no more than a kilobyte of an answer', async () => {
    const hits: string[] = [];
    const server = createServer((request, response) => {
      hits.push(request.url ?? '');
      if (request.url === '/moved') {
        response.writeHead(307, { location: '/elsewhere' });
        return response.end();
      }
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('x'.repeat(100_000));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect(await sendDelivery({ url: `${base}/moved`, ...REQUEST }, false)).toMatchObject({ statusCode: 307 });
      expect(hits).toEqual(['/moved']);
      const long = await sendDelivery({ url: `${base}/long`, ...REQUEST }, false);
      expect(long.statusCode).toBe(200);
      expect(long.excerpt.length).toBeLessThanOrEqual(1024);
      expect(long.excerpt.length).toBeGreaterThan(0);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('gives up on an answer that comes a byte at a time after ten seconds in all (review 11, F2)', async () => {
    const server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      const drip = setInterval(() => response.write('.'), 500);
      response.on('close', () => clearInterval(drip));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const result = await sendDelivery({ url: `http://127.0.0.1:${port}/hook`, ...REQUEST }, false);
      expect(result).toMatchObject({ statusCode: 200, error: 'no complete answer within 10 s' });
      expect(result.durationMs).toBeGreaterThanOrEqual(9_900);
      expect(result.durationMs).toBeLessThan(12_000);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }, 20_000);

  it('says why there was no answer', async () => {
    const closed = await startRecordingServer();
    await closed.close();
    expect(await sendDelivery({ url: `${closed.url}/hook`, ...REQUEST }, false)).toMatchObject({
      statusCode: null,
      error: expect.stringMatching(/^ECONNREFUSED/),
    });
  });
});
