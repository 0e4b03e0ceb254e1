import { z } from 'zod';
import type { RouteDoc } from './route-doc';

/** The query of a signed link: when it expires and its signature (url-signer.ts). */
const signature = { exp: z.string().describe('Expiry, seconds since the epoch'), sig: z.string().describe('HMAC of the path and query') };

export const publicRouteDocs: RouteDoc[] = [
  {
    method: 'get',
    path: '/files/:fileId',
    tag: 'files',
    access: 'signed-link',
    summary: "A proof file, from an order's attachment link (15 minutes)",
    query: z.object(signature),
    success: { status: 200, description: 'The file, with its detected type' },
  },
];
