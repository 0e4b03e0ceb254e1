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
}
