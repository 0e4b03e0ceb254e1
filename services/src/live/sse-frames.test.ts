import { SSEStreamingApi } from 'hono/streaming';
import { describe, expect, it } from 'vitest';
import { HEARTBEAT_FRAME, joinFrames, sseFrame, type LiveMessage } from './sse-frames';

/** What hono's writeSSE puts on the wire for `message`: the hub wrote through it before it framed events itself. */
async function honoBytes(message: LiveMessage): Promise<string> {
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const stream = new SSEStreamingApi(writable, readable);
  const reader = stream.responseReadable.getReader();
  const read = reader.read();
  await stream.writeSSE(message);
  const { value } = await read;
  return new TextDecoder().decode(value);
}

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('SSE frames, encoded once for every stream', () => {
  const messages: LiveMessage[] = [
    { event: 'order', id: '42', data: JSON.stringify({ orderId: 'a', status: 'pending', note: 'line one\nline two' }) },
    { event: 'dashboard', data: JSON.stringify({ at: '2026-11-27T14:00:00.000Z' }) },
    { event: 'ready', id: '0', data: 'first\r\nsecond\rthird' },
  ];

  it.each(messages)('are byte for byte what hono writes for $event', async (message) => {
    expect(text(sseFrame(message))).toBe(await honoBytes(message));
  });

  it('join in order into one chunk, and a single frame is passed as it is', () => {
    const [a, b] = [sseFrame(messages[0]!), sseFrame(messages[1]!)];
    expect(text(joinFrames([a, b]))).toBe(text(a) + text(b));
    expect(joinFrames([a])).toBe(a);
    expect(text(HEARTBEAT_FRAME)).toBe(': heartbeat\n\n');
  });

  it('refuse an id with a line break, which would start a field of its own', () => {
    expect(() => sseFrame({ event: 'order', id: '1\nevent: reset', data: '{}' })).toThrow(/line break/);
  });
});
