import type { AccountDeps } from '../admin/admin-accounts';
import type { CallApi } from './demo-api';
import type { DemoChain } from './demo-chain';

/**
 * The API as the seed uses it: three copies of the product on one database that differ only in
 * two clocks, so that an order can expire, and a proof can arrive after the rate lock, while the
 * seed runs (what takes an hour or five minutes with the defaults).
 */
export interface DemoApps {
  /** The configured payment window and rate lock. */
  api: CallApi;
  /** A payment window of about a second. */
  expiringApi: CallApi;
  /** A rate lock of about a second. */
  lateProofApi: CallApi;
  /** Where the first (operator) admin is made, as the admin CLI does. */
  accounts: AccountDeps;
  /** Confirms a change to the desk's rules as the person at the server (the admin CLI's way, decision 0030). */
  confirmChange(changeId: string): Promise<void>;
  /** Brings every read model up to date (or waits for the running projector to) and drops cached brands. */
  project(): Promise<void>;
  /** The API's own sweep of unpaid orders past their window, once. */
  sweepOverdue(): Promise<void>;
  /** Matches the statement lines no order holds yet, once (what the API's matching jobs and sweep do). */
  matchStatements(): Promise<{ weighed: number; matched: number; flagged: number }>;
  /** The chain the seed runs (anvil) and a copy of the product that reads TRC20 on it; null where anvil is not installed. */
  chain: DemoChainApps | null;
  close(): Promise<void>;
}

/** The chain demo orders' side of the apps (seed-chain.ts). */
export interface DemoChainApps {
  node: DemoChain;
  /** A copy of the product that reads TRC20 on `node`: a sell's proof and a buy's payout sent through it are read on the chain. */
  api: CallApi;
  /** Reads an order's transaction again and records what changed, as the API's chain-check job does. */
  recordChainCheck(orderId: string): Promise<void>;
}

/** The windows of the expiring and late-proof copies, in minutes. */
export const SHORT_WINDOW_MINUTES = 0.02;
