import { z } from 'zod';
import type { RouteDoc } from './route-doc';

/** The query of a signed link: when it expires and its signature (url-signer.ts). */
const signature = { exp: z.string().describe('Expiry, seconds since the epoch'), sig: z.string().describe('HMAC of the path and query') };

const exportQuery = z.object({
  type: z.string().optional(),
  status: z.string().optional(),
  network: z.string().optional(),
  by: z.string().describe('The admin who asked for the link'),
  tenant: z.string().describe("A brand's id, or * for every brand"),
  ...signature,
});

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
  {
    method: 'get',
    path: '/admin/orders.csv',
    tag: 'admin: orders',
    access: 'signed-link',
    summary: 'The orders CSV, from POST /admin/orders/export-link (5 minutes); the admin is checked again',
    query: exportQuery,
    success: { status: 200, description: 'text/csv' },
  },
];
