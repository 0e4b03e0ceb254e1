import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { Kysely } from 'kysely';
import { addressProblem } from '@desk/machines/addresses/address-validation';
import type { ServicesDatabase } from '../db/services-database';
import type { AuthEnv } from '../identity/auth.middleware';
import { atMost, validate } from '../http/validate';
import { UUID } from '../http/server-ids';
import { DomainError, NotFoundError, ValidationError } from '@desk/platform/errors/domain-error';
import { ACCOUNT_NUMBER_MESSAGE, ACCOUNT_NUMBER_PATTERN, IFSC_MESSAGE, IFSC_PATTERN, normaliseIfsc } from '@desk/machines/accounts/bank-account-rules';
import { NETWORKS, type Network } from '@desk/machines/addresses/networks';
import { bankAccountJson, listBankAccounts, listWallets, walletJson } from './saved-accounts.repository';
import { SavedAccounts } from './saved-accounts';
import { actorOf } from '../identity/auth.middleware';
import { commandMetadata } from '../http/request-context';
import type { ProxyTrust } from '../http/proxy-trust';
import type { Trail } from '../identity/user-trail';

const NETWORK = z.enum(NETWORKS, { error: 'Please select a network' });
export const walletSchema = z
  .object({
    address: z.string({ error: 'Please enter a valid wallet address' }).trim().min(1, 'Please enter a valid wallet address').max(128),
    network: NETWORK,
    label: z.string().trim().max(50).default(''),
    isDefault: z.boolean().default(false),
  })
  .superRefine((w, ctx) => {
    if (!w.address) return; // blank: its own check said so
    const problem = addressProblem(w.address, w.network);
    if (problem) ctx.addIssue({ code: 'custom', path: ['address'], message: problem });
  });
export const walletPatchSchema = z.object({
  address: z.string().trim().min(1, 'Please enter a valid wallet address').max(128).optional(),
  network: NETWORK.optional(),
  label: z.string().trim().max(50).optional(),
  isDefault: z.boolean().optional(),
});

const REQUIRED = 'Please fill all bank account details';
const IFSC = z.string({ error: REQUIRED }).trim().min(1, REQUIRED).transform(normaliseIfsc).pipe(z.string().regex(IFSC_PATTERN, IFSC_MESSAGE));
const ACCOUNT_NUMBER = z.string({ error: REQUIRED }).trim().min(1, REQUIRED).regex(ACCOUNT_NUMBER_PATTERN, ACCOUNT_NUMBER_MESSAGE);
const text = (what: string) => z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(100, atMost(what, 100));
export const bankSchema = z.object({
  bankName: text('Bank name'),
  accountHolder: text('Account holder name'),
  accountNumber: ACCOUNT_NUMBER,
  ifsc: IFSC,
  isDefault: z.boolean().default(false),
});
export const bankPatchSchema = z.object({
  bankName: text('Bank name').optional(),
  accountHolder: text('Account holder name').optional(),
  accountNumber: ACCOUNT_NUMBER.optional(),
  ifsc: IFSC.optional(),
  isDefault: z.boolean().optional(),
});

class DuplicateWalletError extends DomainError {
  constructor() {
    super('wallet_exists', 409, 'This address is already saved for this network');
  }
}

// The shape of an id the server made: any 36 hex digits and dashes reached PostgreSQL's uuid cast, a 500.
const ownId = (id: string, what: string) => {
  if (!UUID.test(id)) throw new NotFoundError(`${what} not found`);
  return id.toLowerCase();
};

/** What records the changes, and whose address the events carry. */
export interface SavedAccountRecording {
  trail: Trail;
  trustProxy: ProxyTrust;
}

/** The customer's own saved wallets and bank accounts: mounted at /api/user behind requireUser. */
export function savedAccountRoutes(db: Kysely<ServicesDatabase>, { trail, trustProxy }: SavedAccountRecording) {
  const accounts = new SavedAccounts(db, trail);
  const metadataOf = (c: Context<AuthEnv>) => commandMetadata(c, actorOf(c), trustProxy);
  return new Hono<AuthEnv>()
    .get('/wallets', async (c) => c.json({ wallets: (await listWallets(db, [c.get('user').id])).map(walletJson) }, 200))
    .post('/wallet', validate('json', walletSchema), async (c) => {
      const wallet = await accounts.addWallet(c.get('user'), c.req.valid('json'), metadataOf(c));
      if (!wallet) throw new DuplicateWalletError();
      return c.json({ wallet: walletJson(wallet), message: 'Wallet saved' }, 201);
    })
    .put('/wallet/:id', validate('json', walletPatchSchema), async (c) => {
      const id = ownId(c.req.param('id'), 'Wallet');
      const patch = c.req.valid('json');
      // Address and network are checked together, against what the edit leaves of the stored wallet.
      const wallet = await accounts.changeWallet(c.get('user'), id, patch, metadataOf(c), (current) => {
        const problem = addressProblem(patch.address ?? current.address, (patch.network ?? current.network) as Network);
        if (problem) throw ValidationError.of('address', problem);
      });
      if (!wallet) throw new NotFoundError('Wallet not found');
      return c.json({ wallet: walletJson(wallet), message: 'Wallet updated' }, 200);
    })
    .delete('/wallet/:id', async (c) => {
      if (!(await accounts.removeWallet(c.get('user'), ownId(c.req.param('id'), 'Wallet'), metadataOf(c)))) throw new NotFoundError('Wallet not found');
      return c.json({ message: 'Wallet deleted' }, 200);
    })
    .get('/bank-accounts', async (c) => c.json({ accounts: (await listBankAccounts(db, [c.get('user').id])).map(bankAccountJson) }, 200))
    .post('/bank-account', validate('json', bankSchema), async (c) => {
      const { accountHolder, ...rest } = c.req.valid('json');
      const account = await accounts.addBankAccount(c.get('user'), { ...rest, accountName: accountHolder }, metadataOf(c));
      return c.json({ account: bankAccountJson(account), message: 'Bank account saved' }, 201);
    })
    .put('/bank-account/:id', validate('json', bankPatchSchema), async (c) => {
      const { accountHolder, ...rest } = c.req.valid('json');
      const id = ownId(c.req.param('id'), 'Bank account');
      const account = await accounts.changeBankAccount(c.get('user'), id, { ...rest, ...(accountHolder ? { accountName: accountHolder } : {}) }, metadataOf(c));
      if (!account) throw new NotFoundError('Bank account not found');
      return c.json({ account: bankAccountJson(account), message: 'Bank account updated' }, 200);
    })
    .delete('/bank-account/:id', async (c) => {
      if (!(await accounts.removeBankAccount(c.get('user'), ownId(c.req.param('id'), 'Bank account'), metadataOf(c))))
        throw new NotFoundError('Bank account not found');
      return c.json({ message: 'Bank account deleted' }, 200);
    });
}
