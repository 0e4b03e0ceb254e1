import type { z } from 'zod';

/**
 * Who may call a route: `public`; `signed-link` (opened as a plain link: its query carries `exp`
 * and `sig`); `user` (any signed-in account); `admin` (admins, a brand admin for their brand);
 * `operator` (the operator's admins only); `compliance` (compliance staff, in their scope).
 */
export type Access = 'public' | 'signed-link' | 'user' | 'admin' | 'operator' | 'compliance';

/** Access levels that need a token, and those of them that refuse some signed-in accounts. */
export const SIGNED_IN: readonly Access[] = ['user', 'admin', 'operator', 'compliance'];
export const ROLE_BOUND: readonly Access[] = ['admin', 'operator', 'compliance'];

/** One route of the API as the OpenAPI document describes it; paths as Hono writes them, under /api. */
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
