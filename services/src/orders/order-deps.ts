import type { Kysely } from 'kysely';
import type { ReadModelDatabase } from '@desk/projections/schema/read-model-database';
import type { ServicesDatabase } from '../db/services-database';
import type { EventStore } from '@desk/platform/eventstore/event-store';
import type { UrlSigner } from '../files/url-signer';
import type { FileStorage } from '../files/file-storage';
import type { OrderStore } from './order-store';
import type { OrderPlacement } from './order-placement';
import type { OrderCommands } from './order-commands';
import type { ProxyTrust } from '../http/proxy-trust';
import type { CustomerLimits } from './customer-limits';

/** What the order routes need, built once in the composition root. */
export interface OrderDeps {
  /** Read models only: accounts go through their own repository. */
  db: Kysely<ReadModelDatabase>;
  /** The customers' saved bank accounts, which a sell may name by id. */
  accounts: Kysely<ServicesDatabase>;
  eventStore: EventStore;
  orders: OrderStore;
  placement: OrderPlacement;
  /** The customer limits' claims (orphan-claims.ts gives up those whose orders were never recorded). */
  claims: CustomerLimits;
  commands: OrderCommands;
  files: FileStorage;
  signer: UrlSigner;
  trustProxy: ProxyTrust;
}
