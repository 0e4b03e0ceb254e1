import type { z } from 'zod';

export { ROLE_BOUND, SIGNED_IN, type Access } from '../../http/openapi-route';
import type { Access } from '../../http/openapi-route';

/**
 * One route not yet declared with its route (services/src/http/openapi-route.ts), as the document
 * describes it; paths as Hono writes them, under /api. Each goes as its route is declared.
 */
export interface RouteDoc {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  summary: string;
  access: Access;
  tag: string;
  /** The schema the route validates its JSON body with (zod, as the route itself uses it). */
  body?: z.ZodType;
  /** Multipart form fields (strings), with the file fields named in `files`. */
  form?: { fields: z.ZodType; files: string[] };
  /** The schema the route validates its query with. */
  query?: z.ZodType;
  /** The success answer: 200 unless said. */
  success?: { status: number; description: string };
  /** A change to the desk's rules that may wait for a second admin: the 202 answer, in words (decision 0030). */
  pending?: string;
}

/** The 202 of a route whose change may wait for a second admin (docs/desk-changes.md). */
export const WAITS_FOR_SECOND_ADMIN =
  'Waiting for a second admin: nothing applied yet. `{ pendingConfirmation: true, change, message }`; `change` is the request ' +
  '(GET /admin/changes/{id}) with what it changes, before and after, and why it waits.';
