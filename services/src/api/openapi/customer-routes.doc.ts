import { buySchema, sellSchema, uploadSchema } from '../../orders/order.schemas';
import type { RouteDoc } from './route-doc';

const created = (description: string) => ({ status: 201, description });

/** What any signed-in account calls: its profile, saved accounts, its tenant's receiving details, its orders. */
export const customerRouteDocs: RouteDoc[] = [
  { method: 'get', path: '/user/tenant/bank-details', tag: 'account', access: 'user', summary: "The brand's active bank accounts, to pay into" },
  { method: 'get', path: '/user/tenant/crypto-wallet-details', tag: 'account', access: 'user', summary: "The brand's active USDT wallets, to send to" },
  { method: 'get', path: '/orders', tag: 'orders', access: 'user', summary: "The caller's orders, newest first" },
  {
    method: 'get',
    path: '/orders/limits',
    tag: 'orders',
    access: 'user',
    summary: "The caller's daily (24 h) and monthly (30 days) INR limits: limit, used and remaining; null where none is set",
  },
  { method: 'get', path: '/orders/:id', tag: 'orders', access: 'user', summary: "One of the caller's orders (404 for anyone else's)" },
  {
    method: 'post',
    path: '/orders/fiat-to-crypto',
    tag: 'orders',
    access: 'user',
    summary: 'Buy USDT with INR (403 phone_not_verified for an account an admin made, until its holder sets their own password by SMS)',
    body: buySchema,
    success: created('The order'),
  },
  {
    method: 'post',
    path: '/orders/crypto-to-fiat',
    tag: 'orders',
    access: 'user',
    summary: 'Sell USDT for INR (TRC20; 403 phone_not_verified as for a buy)',
    body: sellSchema,
    success: created('The order'),
  },
  { method: 'post', path: '/orders/:id/upload', tag: 'orders', access: 'user', summary: 'Submit payment proof: a file and/or a reference', body: uploadSchema },
  { method: 'post', path: '/orders/:id/cancel', tag: 'orders', access: 'user', summary: 'Cancel an order still pending without proof' },
];
