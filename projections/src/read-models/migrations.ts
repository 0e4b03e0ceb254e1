import type { Migration } from 'kysely/migration';
import * as checkpoints from '../runtime/migrations/2026-11-21-101-projection-checkpoints';
import * as streamSummary from './stream-summary/migrations/2026-11-21-102-stream-summary';
import * as orders from './orders/migrations/2026-11-21-103-orders';
import * as tenants from './tenants/migrations/2026-11-21-104-tenants';
import * as deadLetters from '../runtime/migrations/2026-11-23-105-projection-dead-letters';
import * as ordersAcrossBrands from './orders/migrations/2026-11-23-106-orders-across-brands';
import * as eventLog from './event-log/migrations/2026-11-23-107-event-log';
import * as orderHistory from './order-history/migrations/2026-11-23-108-order-history';
import * as orderReferences from './orders/migrations/2026-11-23-109-order-references';
import * as orderChanges from './orders/migrations/2026-11-23-110-order-changes';
import * as awaitingConfirmation from './orders/migrations/2026-11-23-111-awaiting-confirmation';
import * as customerUsageDays from './orders/migrations/2026-11-25-112-customer-usage-days';
import * as batchGuard from '../runtime/migrations/2026-11-26-113-projection-batch-guard';
import * as deskChanges from './desk-changes/migrations/2026-11-27-114-desk-changes';
import * as latePaidOrders from './orders/migrations/2026-11-27-115-late-paid-orders';
import * as statementLines from './statement-lines/migrations/2026-11-27-116-statement-lines';
import * as statementLineOutcomes from './statement-lines/migrations/2026-11-27-117-statement-line-outcomes';
import * as paymentReferences from './payment-references/migrations/2026-11-27-118-payment-references';
import * as ledger from './ledger/migrations/2026-11-27-119-ledger';
import * as notifications from './notifications/migrations/2026-11-27-135-notifications';

/** Read-model migrations, by name (sorted after the event store's: 1xx after 0xx on the same day). */
export const readModelMigrations: Record<string, Migration> = {
  '2026-11-21-101-projection-checkpoints': checkpoints,
  '2026-11-21-102-stream-summary': streamSummary,
  '2026-11-21-103-orders': orders,
  '2026-11-21-104-tenants': tenants,
  '2026-11-23-105-projection-dead-letters': deadLetters,
  '2026-11-23-106-orders-across-brands': ordersAcrossBrands,
  '2026-11-23-107-event-log': eventLog,
  '2026-11-23-108-order-history': orderHistory,
  '2026-11-23-109-order-references': orderReferences,
  '2026-11-23-110-order-changes': orderChanges,
  '2026-11-23-111-awaiting-confirmation': awaitingConfirmation,
  '2026-11-25-112-customer-usage-days': customerUsageDays,
  '2026-11-26-113-projection-batch-guard': batchGuard,
  '2026-11-27-114-desk-changes': deskChanges,
  '2026-11-27-115-late-paid-orders': latePaidOrders,
  '2026-11-27-116-statement-lines': statementLines,
  '2026-11-27-117-statement-line-outcomes': statementLineOutcomes,
  '2026-11-27-118-payment-references': paymentReferences,
  '2026-11-27-119-ledger': ledger,
  '2026-11-27-135-notifications': notifications,
};
