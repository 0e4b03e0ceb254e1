import { Hono, type Context } from 'hono';
import { proofLinksFor } from '../files/proof-links';
import type { AuthEnv } from '../identity/auth.middleware';
import { actorOf } from '../identity/auth.middleware';
import { validate } from '../http/validate';
import { commandMetadata } from '../http/request-context';
import { parseProofDataUrl } from '../files/proof-file';
import { buySchema, cancelSchema, sellSchema, uploadSchema, parseOrderId } from './order.schemas';
import { headroomJson, orderJson } from './order-json';
import { listUserOrders } from '@desk/projections/read-models/orders/orders.queries';
import { OrderNotFoundError } from './order-errors';
import type { OrderDeps } from './order-deps';
import { findBankAccount } from '../accounts/saved-accounts.repository';
import { ValidationError } from '@desk/platform/errors/domain-error';

/** The customer's orders: mounted at /api/orders behind requireUser and idempotency ('/limits' is matched before '/:id'). */
export function customerOrderRoutes(deps: OrderDeps) {
  const { db, orders, placement, commands, signer, trustProxy, accounts } = deps;
  // Proof links name the customer reading them (proof-links.ts).
  const links = (c: Context<AuthEnv>) => proofLinksFor(signer, { id: c.get('user').id, staff: false });
  return new Hono<AuthEnv>()
    .get('/', async (c) => {
      const views = await listUserOrders(db, c.get('user').id);
      return c.json({ orders: views.map((v) => orderJson(v, links(c))) }, 200);
    })
    .get('/limits', async (c) => c.json(headroomJson(await placement.headroom(c.get('user'))), 200))
    .post('/fiat-to-crypto', validate('json', buySchema), async (c) => {
      const view = await placement.placeBuy(c.get('user'), c.req.valid('json'), commandMetadata(c, actorOf(c), trustProxy));
      return c.json({ order: orderJson(view, links(c)), message: 'Buy order created successfully!' }, 201);
    })
    .post('/crypto-to-fiat', validate('json', sellSchema), async (c) => {
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
    .get('/:id', async (c) => {
      const { view } = await orders.load(parseOrderId(c.req.param('id')));
      if (!view || view.userId !== c.get('user').id) throw new OrderNotFoundError();
      return c.json(orderJson(view, links(c)), 200);
    })
    .post('/:id/upload', validate('json', uploadSchema), async (c) => {
      const { dataUrl, bankReference, cryptoReference } = c.req.valid('json');
      // The file is read only once the command has found the submission to be a proof.
      const file = dataUrl ? () => parseProofDataUrl(dataUrl) : null;
      const input = { file, reference: bankReference || cryptoReference || null };
      const view = await commands.submitProof(c.get('user'), parseOrderId(c.req.param('id')), input, commandMetadata(c, actorOf(c), trustProxy));
      return c.json({ order: orderJson(view, links(c)), message: 'Proof uploaded successfully' }, 200);
    })
    .post('/:id/cancel', validate('json', cancelSchema), async (c) => {
      const note = c.req.valid('json').note ?? null;
      const view = await commands.cancel(c.get('user'), parseOrderId(c.req.param('id')), note, commandMetadata(c, actorOf(c), trustProxy));
      return c.json({ order: orderJson(view, links(c)), message: 'Order cancelled' }, 200);
    });
}
