import { tronAddressFromBytes } from '@desk/machines/addresses/address-validation';

/**
 * What `npm run seed -- demo` puts in a database: fixed, public logins (like the development
 * admin), so a newcomer can sign in as each kind of user. Phones are in +91 80000 000xx, a range no
 * test or default account uses.
 */
const tron = (n: number) => tronAddressFromBytes(new Uint8Array(20).fill(n));
const evm = (n: number) => `0x${n.toString(16).padStart(2, '0').repeat(20)}`;

export const DEMO_PASSWORDS = { operator: 'demo-operator', brandAdmin: 'demo-brand-admin', customer: 'demo-customer' } as const;

export const OPERATOR_HOST = 'localhost';

export const DEMO_OPERATOR = { phone: '+918000000001' };

/** The operator's receiving accounts, set only when the operator's brand has none yet. */
export const OPERATOR_ACCOUNTS = {
  bankAccounts: [{ bankName: 'ICICI Bank', accountName: 'USDT Desk Operations', accountNumber: '000405012345', ifsc: 'ICIC0000004', isActive: true }],
  cryptoWallets: [
    { network: 'TRC20' as const, address: tron(0x41), isActive: true },
    { network: 'ERC20' as const, address: evm(0x42), isActive: true },
  ],
};

/** The second brand: its own domain (*.localhost reaches this machine in browsers), accounts and terms. */
export const DEMO_BRAND = {
  name: 'Sunrise Exchange',
  domain: 'sunrise.localhost',
  primaryColor: '#e8590c',
  bankAccounts: [{ bankName: 'HDFC Bank', accountName: 'Sunrise Exchange Pvt Ltd', accountNumber: '50200012345678', ifsc: 'HDFC0001234', isActive: true }],
  cryptoWallets: [{ network: 'TRC20' as const, address: tron(0x51), isActive: true }],
  /**
   * Its own buy and sell rates and a buy fee over the Global Settings; a payout the chain disputes is
   * recorded flagged rather than refused (a chain demo order shows it, seed-chain.ts).
   */
  overrides: {
    rates: { usdt_bank_buy: '91.5', usdt_bank_sell: '88' },
    fees: { fiatToCryptoPercent: '0.5' },
    controls: { chainPayoutMismatch: 'flag' as const },
  },
  admin: { phone: '+918000000002', username: 'Asha (Sunrise admin)' },
};

export type Brand = 'operator' | 'sunrise';

export interface DemoCustomer {
  phone: string;
  username: string;
  brand: Brand;
  wallet: string;
  bank: { bankName: string; accountHolder: string; accountNumber: string; ifsc: string };
}

const customer = (n: number, username: string, brand: Brand, bankName: string, ifsc: string): DemoCustomer => ({
  phone: `+9180000000${n}`,
  username,
  brand,
  wallet: tron(n),
  bank: { bankName, accountHolder: username, accountNumber: `3001000${n}45`, ifsc },
});

export const DEMO_CUSTOMERS: readonly DemoCustomer[] = [
  customer(11, 'Ravi Kumar', 'operator', 'State Bank of India', 'SBIN0001234'),
  customer(12, 'Priya Sharma', 'operator', 'Axis Bank', 'UTIB0000123'),
  customer(13, 'Arjun Mehta', 'operator', 'Kotak Mahindra Bank', 'KKBK0000456'),
  customer(21, 'Neha Gupta', 'sunrise', 'Punjab National Bank', 'PUNB0012300'),
  customer(22, 'Vikram Singh', 'sunrise', 'Bank of Baroda', 'BARB0VJAAAA'),
  customer(23, 'Kavya Iyer', 'sunrise', 'Canara Bank', 'CNRB0000789'),
];

/** One thing done to an order after it is placed, by its customer or by an admin of its brand. */
export type DemoStep =
  | { do: 'proof'; reference: string; file?: boolean }
  | { do: 'cancel' }
  | { do: 'verify' }
  | { do: 'crypto-sent'; cryptoReference: string }
  | { do: 'complete'; bankUtr?: string; cryptoReference?: string; rate?: string; by?: 'operator' }
  | { do: 'reject'; reason: string }
  | { do: 'expire' };

export interface DemoOrder {
  /** The state the order is left in, as the summary names it. */
  state: string;
  customer: string;
  side: 'buy' | 'sell';
  /** INR for a buy, USDT for a sell. */
  amount: number;
  method: 'bank' | 'cash';
  network?: 'TRC20';
  /**
   * `expiring`: placed with a payment window of about a second, so it can expire while the seed
   * runs; `late-proof`: with a rate lock of about a second, so its proof arrives after the lock.
   */
  clock?: 'expiring' | 'late-proof';
  steps: DemoStep[];
}

const utr = (n: number) => `UTR40${n}112233`;
const tx = (n: number) => `0x${String(n).repeat(64).slice(0, 64)}`;

/** Every state an order can be in, on both brands. */
export const DEMO_ORDERS: readonly DemoOrder[] = [
  { state: 'pending', customer: '+918000000011', side: 'buy', amount: 25_000, method: 'bank', steps: [] },
  {
    state: 'pending, proof submitted',
    customer: '+918000000011',
    side: 'buy',
    amount: 12_000,
    method: 'bank',
    steps: [{ do: 'proof', reference: utr(1), file: true }],
  },
  {
    state: 'payment received',
    customer: '+918000000012',
    side: 'buy',
    amount: 50_000,
    method: 'bank',
    steps: [{ do: 'proof', reference: utr(2) }, { do: 'verify' }],
  },
  {
    state: 'crypto sent',
    customer: '+918000000012',
    side: 'buy',
    amount: 8_500,
    method: 'cash',
    steps: [{ do: 'proof', reference: 'CASH-REC-77' }, { do: 'verify' }, { do: 'crypto-sent', cryptoReference: tx(3) }],
  },
  {
    state: 'completed',
    customer: '+918000000013',
    side: 'buy',
    amount: 100_000,
    method: 'bank',
    steps: [{ do: 'proof', reference: utr(4) }, { do: 'verify' }, { do: 'crypto-sent', cryptoReference: tx(4) }, { do: 'complete' }],
  },
  {
    state: 'completed',
    customer: '+918000000013',
    side: 'sell',
    amount: 300,
    method: 'bank',
    steps: [{ do: 'proof', reference: tx(5) }, { do: 'verify' }, { do: 'complete', bankUtr: utr(5) }],
  },
  {
    state: 'rejected',
    customer: '+918000000011',
    side: 'buy',
    amount: 5_000,
    method: 'bank',
    steps: [
      { do: 'proof', reference: utr(6) },
      { do: 'reject', reason: 'No payment with this UTR reached our account' },
    ],
  },
  { state: 'cancelled', customer: '+918000000012', side: 'sell', amount: 150, method: 'bank', steps: [{ do: 'cancel' }] },
  { state: 'expired', customer: '+918000000013', side: 'buy', amount: 2_000, method: 'bank', clock: 'expiring', steps: [{ do: 'expire' }] },
  { state: 'pending', customer: '+918000000021', side: 'sell', amount: 500, method: 'bank', steps: [] },
  { state: 'pending, proof submitted', customer: '+918000000021', side: 'sell', amount: 120, method: 'bank', steps: [{ do: 'proof', reference: tx(11) }] },
  { state: 'approved', customer: '+918000000022', side: 'sell', amount: 1_000, method: 'bank', steps: [{ do: 'proof', reference: tx(12) }, { do: 'verify' }] },
  {
    state: 'crypto sent',
    customer: '+918000000022',
    side: 'buy',
    amount: 30_000,
    method: 'bank',
    steps: [{ do: 'proof', reference: utr(13) }, { do: 'verify' }, { do: 'crypto-sent', cryptoReference: tx(13) }],
  },
  {
    state: 'completed',
    customer: '+918000000023',
    side: 'buy',
    amount: 40_000,
    method: 'cash',
    steps: [
      { do: 'proof', reference: 'CASH-REC-14' },
      { do: 'complete', cryptoReference: tx(14) },
    ],
  },
  {
    state: 'completed, repriced',
    customer: '+918000000023',
    side: 'buy',
    amount: 20_000,
    method: 'bank',
    clock: 'late-proof',
    steps: [{ do: 'proof', reference: utr(15) }, { do: 'verify' }, { do: 'complete', cryptoReference: tx(15), rate: '92.25', by: 'operator' }],
  },
  {
    state: 'rejected',
    customer: '+918000000021',
    side: 'sell',
    amount: 75,
    method: 'bank',
    steps: [{ do: 'reject', reason: 'Customer asked us to stop the order' }],
  },
  { state: 'cancelled', customer: '+918000000022', side: 'buy', amount: 3_000, method: 'bank', steps: [{ do: 'cancel' }] },
  { state: 'expired', customer: '+918000000023', side: 'sell', amount: 60, method: 'bank', clock: 'expiring', steps: [{ do: 'expire' }] },
];

/** A 1×1 PNG, the proof file of one order (proof files are checked by their bytes). */
export const DEMO_PROOF_PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** The status each demo state is (the web's labels differ: fiat_received reads "Payment Received"). */
export const STATUS_OF_STATE: Readonly<Record<string, string>> = {
  pending: 'pending',
  'pending, proof submitted': 'pending',
  'payment received': 'fiat_received',
  approved: 'approved',
  'crypto sent': 'crypto_sent',
  completed: 'completed',
  'completed, repriced': 'completed',
  rejected: 'rejected',
  cancelled: 'cancelled',
  expired: 'expired',
  // The chain demo orders' (seed-chain.ts).
  'pending, paid on chain (confirmed)': 'pending',
  'pending, paid on chain (confirming)': 'pending',
  'completed, payout confirmed on chain': 'completed',
  'crypto sent, payout flagged by the chain': 'crypto_sent',
};
