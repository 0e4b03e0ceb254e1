import type { Context } from 'hono';
import { z } from 'zod';
import type { Kysely } from 'kysely';
import { addressProblem } from '@desk/machines/addresses/address-validation';
import type { ServicesDatabase } from '../db/services-database';
import type { AuthEnv } from '../identity/auth.middleware';
import { atMost } from '../http/validate';
import { answer, routes } from '../http/openapi-route';
import { routeGroup } from '../http/route-group';
import { UUID } from '../http/server-ids';
import { DomainError, NotFoundError, ValidationError } from '@desk/platform/errors/domain-error';
import { ACCOUNT_NUMBER_MESSAGE, ACCOUNT_NUMBER_PATTERN, IFSC_MESSAGE, IFSC_PATTERN, normaliseIfsc } from '@desk/machines/accounts/bank-account-rules';
import { NETWORKS, type Network } from '@desk/machines/addresses/networks';
import { bankAccountJson, bankAccountJsonSchema, listBankAccounts, listWallets, walletJson, walletJsonSchema } from './saved-accounts.repository';
import { SavedAccounts } from './saved-accounts';
import { actorOf } from '../identity/auth.middleware';
import { commandMetadata } from '../http/request-context';
import type { ProxyTrust } from '../http/proxy-trust';
import type { SavedAccountTrail } from './saved-accounts';

const NETWORK = z.enum(NETWORKS, { error: 'Please select a network' });
const ADDRESS_RULE =
  "Checked for its network: TRC20, a Tron address (T and 33 more base58 characters, its checksum valid); ERC20, BEP20 and POLYGON, 0x and 40 hexadecimal digits (EIP-55's checksum valid when mixed case)";
export const walletSchema = z
  .object({
    address: z.string({ error: 'Please enter a valid wallet address' }).trim().min(1, 'Please enter a valid wallet address').max(128).describe(ADDRESS_RULE),
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
  address: z.string().trim().min(1, 'Please enter a valid wallet address').max(128).describe(ADDRESS_RULE).optional(),
  network: NETWORK.optional(),
  label: z.string().trim().max(50).optional(),
  isDefault: z.boolean().optional(),
});

const REQUIRED = 'Please fill all bank account details';
const IFSC = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .describe('Read in upper case, then 4 letters, a 0 and 6 letters or digits, e.g. HDFC0001234')
  .transform(normaliseIfsc)
  .pipe(z.string().regex(IFSC_PATTERN, IFSC_MESSAGE));
const ACCOUNT_NUMBER = z.string({ error: REQUIRED }).trim().min(1, REQUIRED).regex(ACCOUNT_NUMBER_PATTERN, ACCOUNT_NUMBER_MESSAGE);
const text = (what: string) => z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(100, atMost(what, 100));
const HOLDER = "The account holder: `accountHolder` (the specification's name), or `accountName` as the account is read back";
/** `accountName` is what a saved account reads back as: accepted too, so what a client reads it can send back. */
const holderOf = <T extends { accountHolder?: string; accountName?: string }>({ accountHolder, accountName, ...rest }: T) => ({
  ...rest,
  accountName: accountHolder ?? accountName,
});
export const bankSchema = z
  .object({
    bankName: text('Bank name'),
    accountHolder: text('Account holder name').optional().describe(HOLDER),
    accountName: text('Account holder name').optional().describe(HOLDER),
    accountNumber: ACCOUNT_NUMBER,
    ifsc: IFSC,
    isDefault: z.boolean().default(false),
  })
  .superRefine((b, ctx) => {
    if (b.accountHolder === undefined && b.accountName === undefined) ctx.addIssue({ code: 'custom', path: ['accountHolder'], message: REQUIRED });
  })
  // The refinement above saw to it that one of the two is there.
  .transform((b) => ({ ...holderOf(b), accountName: holderOf(b).accountName! }));
export const bankPatchSchema = z
  .object({
    bankName: text('Bank name').optional(),
    accountHolder: text('Account holder name').optional().describe(HOLDER),
    accountName: text('Account holder name').optional().describe(HOLDER),
    accountNumber: ACCOUNT_NUMBER.optional(),
    ifsc: IFSC.optional(),
    isDefault: z.boolean().optional(),
  })
  .transform(holderOf);

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
  trail: SavedAccountTrail;
  trustProxy: ProxyTrust;
}

const walletAnswer = (description: string) => answer(description, z.object({ wallet: walletJsonSchema, message: z.string() }));
const accountAnswer = (description: string) => answer(description, z.object({ account: bankAccountJsonSchema, message: z.string() }));
const done = (description: string) => answer(description, z.object({ message: z.string() }));
const wallet = routeGroup({ tag: 'account', access: 'user' });

export const savedAccountDeclarations = {
  wallets: wallet.get('/wallets', {
    summary: 'Saved USDT addresses',
    answers: { 200: answer('The saved addresses, default first', z.object({ wallets: z.array(walletJsonSchema) })) },
  }),
  addWallet: wallet.post('/wallet', {
    summary: 'Save an address (checked for its network)',
    body: walletSchema,
    answers: { 201: walletAnswer('The saved wallet') },
    refuses: { 409: 'wallet_exists: this address is already saved for this network' },
  }),
  changeWallet: wallet.put('/wallet/{id}', {
    summary: 'Change a saved address (address and network checked together)',
    body: walletPatchSchema,
    answers: { 200: walletAnswer('The changed wallet') },
    refuses: { 404: 'No such wallet of yours' },
  }),
  removeWallet: wallet.delete('/wallet/{id}', {
    summary: 'Delete a saved address',
    answers: { 200: done('Deleted') },
    refuses: { 404: 'No such wallet of yours' },
  }),
  accounts: wallet.get('/bank-accounts', {
    summary: 'Saved bank accounts',
    answers: { 200: answer('The saved accounts, default first', z.object({ accounts: z.array(bankAccountJsonSchema) })) },
  }),
  addAccount: wallet.post('/bank-account', {
    summary: 'Save a bank account',
    body: bankSchema,
    answers: { 201: accountAnswer('The saved account') },
  }),
  changeAccount: wallet.put('/bank-account/{id}', {
    summary: 'Change a saved bank account',
    body: bankPatchSchema,
    answers: { 200: accountAnswer('The changed account') },
    refuses: { 404: 'No such bank account of yours' },
  }),
  removeAccount: wallet.delete('/bank-account/{id}', {
    summary: 'Delete a saved bank account',
    answers: { 200: done('Deleted') },
    refuses: { 404: 'No such bank account of yours' },
  }),
};

/** The customer's own saved wallets and bank accounts: mounted at /api/user behind requireUser. */
export function savedAccountRoutes(db: Kysely<ServicesDatabase>, { trail, trustProxy }: SavedAccountRecording) {
  const accounts = new SavedAccounts(db, trail);
  const metadataOf = (c: Context<AuthEnv>) => commandMetadata(c, actorOf(c), trustProxy);
  const routesOf = savedAccountDeclarations;
  return routes<AuthEnv>()
    .openapi(routesOf.wallets, async (c) => c.json({ wallets: (await listWallets(db, [c.get('user').id])).map(walletJson) }, 200))
    .openapi(routesOf.addWallet, async (c) => {
      const wallet = await accounts.addWallet(c.get('user'), c.req.valid('json'), metadataOf(c));
      if (!wallet) throw new DuplicateWalletError();
      return c.json({ wallet: walletJson(wallet), message: 'Wallet saved' }, 201);
    })
    .openapi(routesOf.changeWallet, async (c) => {
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
    .openapi(routesOf.removeWallet, async (c) => {
      if (!(await accounts.removeWallet(c.get('user'), ownId(c.req.param('id'), 'Wallet'), metadataOf(c)))) throw new NotFoundError('Wallet not found');
      return c.json({ message: 'Wallet deleted' }, 200);
    })
    .openapi(routesOf.accounts, async (c) => c.json({ accounts: (await listBankAccounts(db, [c.get('user').id])).map(bankAccountJson) }, 200))
    .openapi(routesOf.addAccount, async (c) => {
      const account = await accounts.addBankAccount(c.get('user'), c.req.valid('json'), metadataOf(c));
      return c.json({ account: bankAccountJson(account), message: 'Bank account saved' }, 201);
    })
    .openapi(routesOf.changeAccount, async (c) => {
      const { accountName, ...rest } = c.req.valid('json');
      const id = ownId(c.req.param('id'), 'Bank account');
      const account = await accounts.changeBankAccount(c.get('user'), id, { ...rest, ...(accountName ? { accountName } : {}) }, metadataOf(c));
      if (!account) throw new NotFoundError('Bank account not found');
      return c.json({ account: bankAccountJson(account), message: 'Bank account updated' }, 200);
    })
    .openapi(routesOf.removeAccount, async (c) => {
      if (!(await accounts.removeBankAccount(c.get('user'), ownId(c.req.param('id'), 'Bank account'), metadataOf(c))))
        throw new NotFoundError('Bank account not found');
      return c.json({ message: 'Bank account deleted' }, 200);
    });
}
