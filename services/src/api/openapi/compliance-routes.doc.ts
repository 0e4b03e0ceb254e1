import { accessTrailSchema, asOfSchema, complianceOrdersSchema, eventSearchSchema, exportSchema } from '../../compliance/compliance.schemas';
import type { RouteDoc } from './route-doc';

/** The compliance desk: reads in the officer's scope, each recorded on their access trail (docs/compliance.md). */
export const complianceRouteDocs: RouteDoc[] = [
  {
    method: 'get',
    path: '/compliance/orders',
    tag: 'compliance',
    access: 'compliance',
    summary: 'Orders by ref, phone, UTR or crypto reference; with asOf, the order book as it stood then',
    query: complianceOrdersSchema,
  },
  {
    method: 'get',
    path: '/compliance/orders/:id',
    tag: 'compliance',
    access: 'compliance',
    summary: 'One order as it stood at asOf (default now)',
    query: asOfSchema,
  },
  {
    method: 'get',
    path: '/compliance/orders/:id/replay',
    tag: 'compliance',
    access: 'compliance',
    summary: "Every event of the order with its metadata, hash, the state after it and what changed, and the chain's status",
  },
  {
    method: 'get',
    path: '/compliance/events',
    tag: 'compliance',
    access: 'compliance',
    summary: 'The whole log, newest first, searched',
    query: eventSearchSchema,
  },
  { method: 'get', path: '/compliance/access', tag: 'compliance', access: 'compliance', summary: "Compliance staff's access trail", query: accessTrailSchema },
  {
    method: 'post',
    path: '/compliance/exports',
    tag: 'compliance',
    access: 'compliance',
    summary:
      'A signed audit export of orders (by reference ORD-… or id; an unknown or out-of-scope reference is a 400 naming it) or a time window, on a 10-minute link',
    body: exportSchema,
    success: { status: 201, description: 'The link, its expiry and the counts' },
  },
  {
    method: 'get',
    path: '/compliance/brands',
    tag: 'compliance',
    access: 'compliance',
    summary: 'The brands the officer reads, by name, for the Brand filters',
  },
  { method: 'get', path: '/compliance/signing-key', tag: 'compliance', access: 'compliance', summary: 'The ed25519 public key exports are signed with' },
  {
    method: 'get',
    path: '/compliance/exports/:id',
    tag: 'compliance',
    access: 'signed-link',
    summary: 'The export file: JSON lines of events and a signed manifest (verify with npm run audit -- verify)',
  },
];
