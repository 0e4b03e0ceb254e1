/** One SSE message (docs/api.md, "Live updates"). */
export interface LiveMessage {
  event: 'ready' | 'order' | 'dashboard' | 'reset';
  id?: string;
  data: string;
}

const encoder = new TextEncoder();

/**
 * One server-sent event as the bytes on the wire: `event`, each line of `data`, then `id`, and the
 * blank line that ends it (what hono's writeSSE writes). Encoded once per change, not once per
 * stream: at 5,000 streams a change reaches hundreds of them, and formatting, splitting and encoding
 * it for each was most of the fan-out's work.
 */
export function sseFrame(message: LiveMessage): Uint8Array {
  const data = message.data
    .split(/\r\n|\r|\n/)
    .map((line) => `data: ${line}`)
    .join('\n');
  const id = message.id === undefined ? '' : `\nid: ${noBreaks(message.id)}`;
  return encoder.encode(`event: ${message.event}\n${data}${id}\n\n`);
}

/** A comment line: proxies see traffic on an idle stream, and EventSource ignores it. Shared by every stream. */
export const HEARTBEAT_FRAME = encoder.encode(': heartbeat\n\n');

/** Several frames written as one chunk: one write through the stream (and one to the socket) instead of one per event. */
export function joinFrames(frames: readonly Uint8Array[]): Uint8Array {
  if (frames.length === 1) return frames[0]!;
  const chunk = new Uint8Array(frames.reduce((sum, f) => sum + f.length, 0));
  let at = 0;
  for (const frame of frames) {
    chunk.set(frame, at);
    at += frame.length;
  }
  return chunk;
}

function noBreaks(value: string): string {
  if (/[\r\n]/.test(value)) throw new Error('an SSE id must not contain a line break');
  return value;
}
