import { streamQuerySchema } from '../../live/stream.routes';
import type { RouteDoc } from './route-doc';

/** Live updates (docs/api.md, "Live updates"): a ticket, then the server-sent events it opens. */
export const liveRouteDocs: RouteDoc[] = [
  {
    method: 'post',
    path: '/stream/ticket',
    tag: 'live updates',
    access: 'user',
    summary: 'A single-use ticket (30 s) that opens one live stream for this user and session: { ticket, expiresInSeconds }',
  },
  {
    method: 'get',
    path: '/stream',
    tag: 'live updates',
    access: 'public',
    summary:
      'Server-sent events of the changes this user may see (ready, order, dashboard, reset; ids resume with Last-Event-ID or ?lastEventId=). No token: the ticket is the permission; a bad, used or expired one is 401, and the stream ends when the session that asked for it does',
    query: streamQuerySchema,
    success: { status: 200, description: 'text/event-stream' },
  },
];
