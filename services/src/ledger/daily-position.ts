/**
 * The daily position of a brand (issue 28, docs/ledger.md): for each bank account and wallet the
 * brand holds money in, the day's opening, in, out and closing from the books, beside what the
 * source says (the bank's statements; the chain, read now, for today) and the difference; then every
 * account's balance and whether the books balance in each currency. A bank account or wallet the
 * brand lists is shown even when the books have nothing for it: money the books do not know of
 * shows as a difference.
 */
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { NotFoundError } from '@desk/platform/errors/domain-error';
import type { Network } from '@desk/machines/addresses/networks';
import { bankAccountId } from '@desk/machines/reconciliation/bank-account-id';
import { ACCOUNTS, accountInfo, type LedgerCurrency } from '@desk/machines/ledger/ledger-accounts';
import { statementBalance } from '@desk/machines/ledger/bank-day-balance';
import { comparePosition, moneyWords, type SourceBalance } from '@desk/machines/ledger/position';
import { deskDay } from '@desk/machines/ledger/desk-day';
import { Money } from '@desk/machines/pricing/decimal';
import type { ReadModelDatabase } from '@desk/projections/schema/read-model-database';
import { accountsOnDay, bookTotals, statementSources, type AccountDay } from '@desk/projections/read-models/ledger/ledger.queries';
import type { TenantStore } from '../tenants/tenant-store';
import { accountLabel } from '../reconciliation/account-label';
import { accountName, type NameSources } from './account-names';
import type { WalletBalances, WalletReading } from './wallet-balances';

export const BRAND_NOT_FOUND = 'Brand not found';

const decimal = z.string().describe('A decimal amount, as text');
const sourceSchema = z
  .discriminatedUnion('kind', [
    z.object({
      kind: z.literal('balance'),
      amount: decimal,
      asOf: z.string().describe("The day of the statement's balance (yyyy-mm-dd), or `now` for the chain's"),
      from: z.enum(['statement_line', 'statement_closing', 'chain']),
      block: z.string().optional().describe("The chain's block the balance was read at"),
    }),
    z.object({
      kind: z.literal('none'),
      reason: z.enum(['no_statement_balance', 'chain_not_configured', 'chain_past_day', 'chain_unavailable', 'no_wallet', 'cash']),
    }),
  ])
  .describe('What the source (the bank statement, the chain) says the account holds');
const holdingSchema = z.object({
  account: z.string().describe('The ledger account (bank:…, wallet:NETWORK, cash)'),
  kind: z.enum(['bank', 'wallet', 'cash']),
  label: z.string(),
  currency: z.enum(['INR', 'USDT']),
  opening: decimal,
  in: decimal,
  out: decimal,
  source: sourceSchema,
  closing: decimal,
  difference: decimal.nullable().describe('Books less source; null when there is no source balance'),
  status: z.enum(['agrees', 'differs', 'not_checked']),
  words: z.string().describe('The comparison as a sentence'),
  notExplained: z
    .object({ amount: decimal, words: z.string() })
    .optional()
    .describe("A bank account's money no order explains yet (its suspense; money in is positive)"),
});

/** A brand's position on a day, as the API answers it (DailyPosition.of). */
export const positionJsonSchema = z.object({
  tenantId: z.string(),
  brandName: z.string(),
  day: z.string().describe("yyyy-mm-dd, India's day"),
  today: z.boolean().describe("Whether it is today's (the only day the chain is compared)"),
  accounts: z.array(holdingSchema),
  balances: z.array(
    z.object({
      account: z.string(),
      name: z.string(),
      class: z.enum(['asset', 'liability', 'equity', 'revenue', 'trading', 'clearing']),
      currency: z.enum(['INR', 'USDT']),
      balance: decimal,
    }),
  ),
  books: z
    .array(z.object({ currency: z.enum(['INR', 'USDT']), debits: decimal, credits: decimal, balanced: z.boolean() }))
    .describe("The day's debits and credits per currency, and whether they balance"),
});

const unique = <T>(values: T[]) => [...new Set(values)];
const netOf = (row: AccountDay | undefined) =>
  new Money(row?.before ?? 0)
    .plus(row?.opening ?? 0)
    .plus(row?.debit ?? 0)
    .minus(row?.credit ?? 0);

function walletSource(reading: WalletReading | null): SourceBalance & { block?: string } {
  if (reading === null) return { kind: 'none', reason: 'chain_past_day' };
  if (reading.state === 'read') return { kind: 'balance', amount: reading.amount, asOf: 'now', from: 'chain', block: reading.block };
  return {
    kind: 'none',
    reason: reading.state === 'not_configured' ? 'chain_not_configured' : reading.state === 'no_wallet' ? 'no_wallet' : 'chain_unavailable',
  };
}

/** What no order explains yet in a bank account, in words: its suspense, money in as a credit balance. */
function notExplained(row: AccountDay | undefined) {
  const unexplained = netOf(row).negated();
  if (unexplained.isZero()) return { amount: '0', words: 'Every line is explained by an order or a refund' };
  const way = unexplained.isPositive() ? 'came in' : 'went out';
  return { amount: unexplained.toFixed(), words: `${moneyWords('INR', unexplained.abs().toFixed())} ${way} that no order explains yet` };
}

export class DailyPosition {
  constructor(
    private readonly readModels: Kysely<ReadModelDatabase>,
    private readonly tenants: TenantStore,
    private readonly wallets: WalletBalances,
    private readonly brandNames: () => Promise<ReadonlyMap<string, string>>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The desk's day today (India's): the last day there is a position for. */
  today(): string {
    return deskDay(this.now())!;
  }

  /** Every brand by name, for a reader of every brand to choose from (deleted ones too: their books remain). */
  async brandList(): Promise<{ id: string; name: string }[]> {
    return [...(await this.brandNames())].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
  }

  /** The brand (404 when there is none; a deleted brand keeps its books), its listed bank accounts and the names its accounts are shown by. */
  async brand(tenantId: string) {
    const [{ state, revision }, brands] = await Promise.all([this.tenants.load(tenantId), this.brandNames()]);
    if (state === null && revision === null) throw new NotFoundError(BRAND_NOT_FOUND);
    const listedBanks = (state?.bankAccounts ?? []).map((account) => ({ id: bankAccountId(tenantId, account), label: accountLabel(account) }));
    const names: NameSources = { banks: new Map(listedBanks.map((b) => [b.id, b.label])), brands };
    return { brandName: brands.get(tenantId) ?? state?.name ?? tenantId, listedBanks, listedWallets: state?.cryptoWallets ?? [], names };
  }

  async of(tenantId: string, day: string): Promise<z.infer<typeof positionJsonSchema>> {
    const { brandName, listedBanks, listedWallets, names } = await this.brand(tenantId);
    const [rows, totals] = await Promise.all([accountsOnDay(this.readModels, tenantId, day), bookTotals(this.readModels, tenantId, day)]);
    const row = (account: string, currency: LedgerCurrency) => rows.find((r) => r.account === account && r.currency === currency);
    const booked = (prefix: string) => rows.filter((r) => r.account.startsWith(prefix)).map((r) => r.account.slice(prefix.length));
    const bankIds = unique([...listedBanks.map((b) => b.id), ...booked('bank:')]);
    const networks = unique([...listedWallets.map((w) => w.network), ...booked('wallet:')]) as Network[];
    const today = day === this.today();
    const [sources, readings] = await Promise.all([
      statementSources(this.readModels, bankIds, day),
      Promise.all(
        networks.map((network) =>
          today
            ? this.wallets.read(
                network,
                listedWallets.filter((w) => w.network === network).map((w) => w.address),
              )
            : null,
        ),
      ),
    ]);

    const holding = (account: string, kind: 'bank' | 'wallet' | 'cash', currency: LedgerCurrency, source: SourceBalance & { block?: string }) => {
      const r = row(account, currency);
      const books = {
        opening: new Money(r?.before ?? 0).plus(r?.opening ?? 0).toFixed(),
        in: new Money(r?.debit ?? 0).toFixed(),
        out: new Money(r?.credit ?? 0).toFixed(),
      };
      return { account, kind, label: accountName(account, names), currency, ...books, source, ...comparePosition(currency, books, source) };
    };
    const accounts = [
      ...bankIds.map((id) => ({
        ...holding(ACCOUNTS.bank(id), 'bank', 'INR', statementBalance(sources.find((s) => s.accountId === id))),
        notExplained: notExplained(row(ACCOUNTS.suspense(id), 'INR')),
      })),
      ...networks.map((network, i) => holding(ACCOUNTS.wallet(network), 'wallet', 'USDT', walletSource(readings[i] ?? null))),
      ...(row(ACCOUNTS.cash, 'INR') ? [holding(ACCOUNTS.cash, 'cash', 'INR', { kind: 'none', reason: 'cash' })] : []),
    ];
    const balances = rows.map((r) => {
      const info = accountInfo(r.account);
      const net = netOf(r);
      return {
        account: r.account,
        name: accountName(r.account, names),
        class: info.class,
        currency: r.currency,
        balance: (info.class === 'asset' ? net : net.negated()).toFixed(),
      };
    });
    const books = totals.map((t) => ({ ...t, balanced: new Money(t.debits).eq(t.credits) }));
    return { tenantId, brandName, day, today, accounts, balances, books };
  }
}

export type Position = z.infer<typeof positionJsonSchema>;
