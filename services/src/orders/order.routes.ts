import type { Context } from 'hono';
import { z } from 'zod';
import { proofLinksFor } from '../files/proof-links';
import type { AuthEnv } from '../identity/auth.middleware';
import { actorOf } from '../identity/auth.middleware';
import { answer, declare, routes } from '../http/openapi-route';
import { alsoRefuses } from '../identity/declared-route-extras';
import { commandMetadata } from '../http/request-context';
import { parseProofDataUrl } from '../files/proof-file';
import { buySchema, cancelSchema, sellSchema, uploadSchema, parseOrderId } from './order.schemas';
import { headroomJson, headroomJsonSchema, orderJson, orderJsonSchema } from './order-json';
import { listUserOrders } from '@desk/projections/read-models/orders/orders.queries';
import { OrderNotFoundError } from './order-errors';
import type { OrderDeps } from './order-deps';
import { findBankAccount } from '../accounts/saved-accounts.repository';
import { ValidationError } from '@desk/platform/errors/domain-error';

const orders = { tag: 'orders', access: 'user' } as const;
const changed = (description: string) => answer(description, z.object({ order: orderJsonSchema, message: z.string() }));
const NOT_YOURS = "No such order of yours (another customer's is not found either)";
const PLACING_403 = '`phone_not_verified`: an account an admin made orders once its holder sets their own password by SMS; `read_only` for compliance staff';
const PLACING_409 = '`rate_changed` (`currentRate`: the rate in force; nothing is placed), or the desk cannot take it now (`no_deposit_address` for a sell)';
const TOO_LARGE = '`payload_too_large`: the body is over 64 KB';
const NOT_NOW = "`invalid_transition`: the order's status does not allow it (`currentStatus` says which)";

/** A buy or a sell: placed alike, with the same answers and refusals; each has its own body. */
const placing = <P extends string, B extends z.ZodType>(path: P, summary: string, body: B) =>
  alsoRefuses(
    declare({ ...orders, method: 'post', path, summary, body, answers: { 201: changed('The order, placed') }, refuses: { 409: PLACING_409, 413: TOO_LARGE } }),
    { 403: PLACING_403 },
  );

export const customerOrderDeclarations = {
  list: declare({
    ...orders,
    method: 'get',
    path: '/',
    summary: 'Your orders, newest first',
    answers: { 200: answer('Your orders', z.object({ orders: z.array(orderJsonSchema) })) },
  }),
  limits: declare({
    ...orders,
    method: 'get',
    path: '/limits',
    summary: 'Your daily (24 h) and monthly (30 days) INR limits: limit, used and remaining; null where none is set',
    answers: { 200: answer('Your headroom, in whole rupees', headroomJsonSchema) },
  }),
  buy: placing('/fiat-to-crypto', 'Buy USDT with INR', buySchema),
  sell: placing('/crypto-to-fiat', 'Sell USDT for INR (TRC20)', sellSchema),
  one: declare({
    ...orders,
    method: 'get',
    path: '/{id}',
    summary: 'One of your orders',
    answers: { 200: answer('The order', orderJsonSchema) },
    refuses: { 404: NOT_YOURS },
  }),
  upload: declare({
    ...orders,
    method: 'post',
    path: '/{id}/upload',
    summary: 'Submit payment proof: a file, a reference, or both',
    body: uploadSchema,
    answers: { 200: changed('The order, with the proof') },
    refuses: {
      404: NOT_YOURS,
      409: `${NOT_NOW}, or \`too_many_proofs\``,
      413: '`payload_too_large`: the body is over 7 MB (the file is 5 MB or more)',
    },
  }),
  cancel: declare({
    ...orders,
    method: 'post',
    path: '/{id}/cancel',
    summary: 'Cancel an order still pending without proof',
    body: cancelSchema,
    answers: { 200: changed('The order, cancelled') },
    refuses: { 404: NOT_YOURS, 409: NOT_NOW, 413: TOO_LARGE },
  }),
};

/** The order named by the path (`{id}`): anything but a UUID is not found. */
const orderIdOf = (c: Context) => parseOrderId(c.req.param('id') ?? '');

/** The customer's orders: mounted at /api/orders behind requireUser and idempotency ('/limits' is matched before '/:id'). */
export function customerOrderRoutes(deps: OrderDeps) {
  const { db, orders, placement, commands, signer, trustProxy, accounts } = deps;
  // Proof links name the customer reading them (proof-links.ts).
  const links = (c: Context<AuthEnv>) => proofLinksFor(signer, { id: c.get('user').id, staff: false });
  const declared = customerOrderDeclarations;
  return routes<AuthEnv>()
    .openapi(declared.list, async (c) => {
      const views = await listUserOrders(db, c.get('user').id);
      return c.json({ orders: views.map((v) => orderJson(v, links(c))) }, 200);
    })
    .openapi(declared.limits, async (c) => c.json(headroomJson(await placement.headroom(c.get('user'))), 200))
    .openapi(declared.buy, async (c) => {
      const view = await placement.placeBuy(c.get('user'), c.req.valid('json'), commandMetadata(c, actorOf(c), trustProxy));
      return c.json({ order: orderJson(view, links(c)), message: 'Buy order created successfully!' }, 201);
    })
    .openapi(declared.sell, async (c) => {
      const { bankAccount, bankAccountId, ...input } = c.req.valid('json');
      let payout = input.method === 'bank' ? (bankAccount ?? null) : null;
      if (input.method === 'bank' && bankAccountId) {
        const saved = await findBankAccount(accounts, c.get('user').id, bankAccountId.toLowerCase());
        if (!saved) throw ValidationError.of('bankAccountId', 'Please select a bank account');
        payout = { bankName: saved.bank_name, accountName: saved.account_name, accountNumber: saved.account_number, ifsc: saved.ifsc };
      }
      const view = await placement.placeSell(c.get('user'), { ...input, payoutBankAccount: payout }, commandMetadata(c, actorOf(c), trustProxy));
      return c.json({ order: orderJson(view, links(c)), message: 'Sell order created successfully!' }, 201);
    })
    .openapi(declared.one, async (c) => {
      const { view } = await orders.load(orderIdOf(c));
      if (!view || view.userId !== c.get('user').id) throw new OrderNotFoundError();
      return c.json(orderJson(view, links(c)), 200);
    })
    .openapi(declared.upload, async (c) => {
      const { dataUrl, bankReference, cryptoReference } = c.req.valid('json');
      // The file is read only once the command has found the submission to be a proof.
      const file = dataUrl ? () => parseProofDataUrl(dataUrl) : null;
      const input = { file, reference: bankReference || cryptoReference || null };
      const view = await commands.submitProof(c.get('user'), orderIdOf(c), input, commandMetadata(c, actorOf(c), trustProxy));
      return c.json({ order: orderJson(view, links(c)), message: 'Proof uploaded successfully' }, 200);
    })
    .openapi(declared.cancel, async (c) => {
      const note = c.req.valid('json').note ?? null;
      const view = await commands.cancel(c.get('user'), orderIdOf(c), note, commandMetadata(c, actorOf(c), trustProxy));
      return c.json({ order: orderJson(view, links(c)), message: 'Order cancelled' }, 200);
    });
}
