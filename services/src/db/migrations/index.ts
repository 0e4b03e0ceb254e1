import type { Migration } from 'kysely/migration';
import * as users from './2026-11-21-002-users';
import * as idempotencyKeys from './2026-11-21-003-idempotency-keys';
import * as passwordChangedAt from './2026-11-21-004-password-changed-at';
import * as savedAccounts from './2026-11-21-005-saved-accounts';
import * as orderRefCodes from './2026-11-23-006-order-ref-codes';
import * as storedFiles from './2026-11-23-007-stored-files';
import * as complianceExports from './2026-11-23-009-compliance-exports';
import * as paymentEvidence from './2026-11-23-010-payment-evidence';
import * as orderLimitHolds from './2026-11-23-011-order-limit-holds';
import * as customerClaimHeads from './2026-11-23-012-customer-claim-heads';
import * as customerClaimDays from './2026-11-25-013-customer-claim-days';
import * as claimsByTime from './2026-11-25-014-claims-by-time';
import * as phoneSpellings from './2026-11-26-015-phone-spellings';
import * as usersChanged from './2026-11-26-016-users-changed';
import * as sessions from './2026-11-27-017-sessions';
import * as staffAuthenticators from './2026-11-27-018-staff-authenticators';
import * as deskChangePasswords from './2026-11-27-020-desk-change-passwords';
import * as brandRegistry from './2026-11-27-021-brand-registry';
import * as usersCreatedBy from './2026-11-27-022-users-created-by';
import * as revivalClaims from './2026-11-27-023-revival-claims';
import * as bankLineClaims from './2026-11-27-024-bank-line-claims';
import * as transactionsAcrossBrands from './2026-11-27-025-transactions-across-brands';
import * as userLanguage from './2026-11-27-028-user-language';
import * as webhookEndpoints from './2026-11-27-030-webhook-endpoints';
import * as webhookDeliveries from './2026-11-27-031-webhook-deliveries';
import * as webhookFeedStart from './2026-11-27-032-webhook-feed-start';
import * as notificationSms from './2026-11-27-035-notification-sms';
import * as notificationPreferences from './2026-11-27-036-notification-preferences';
import * as notificationReads from './2026-11-27-037-notification-reads';
import * as smsTemplates from './2026-11-27-038-sms-templates';
import * as idempotencyLeases from './2026-11-27-039-idempotency-leases';
import * as webhookRotations from './2026-11-27-040-webhook-rotations';

/** The services' own tables (accounts, idempotency, reference codes, stored files, compliance exports), by name; names sort in run order. */
export const servicesMigrations: Record<string, Migration> = {
  '2026-11-21-002-users': users,
  '2026-11-21-003-idempotency-keys': idempotencyKeys,
  '2026-11-21-004-password-changed-at': passwordChangedAt,
  '2026-11-21-005-saved-accounts': savedAccounts,
  '2026-11-23-006-order-ref-codes': orderRefCodes,
  '2026-11-23-007-stored-files': storedFiles,
  '2026-11-23-009-compliance-exports': complianceExports,
  '2026-11-23-010-payment-evidence': paymentEvidence,
  '2026-11-23-011-order-limit-holds': orderLimitHolds,
  '2026-11-23-012-customer-claim-heads': customerClaimHeads,
  '2026-11-25-013-customer-claim-days': customerClaimDays,
  '2026-11-25-014-claims-by-time': claimsByTime,
  '2026-11-26-015-phone-spellings': phoneSpellings,
  '2026-11-26-016-users-changed': usersChanged,
  '2026-11-27-017-sessions': sessions,
  '2026-11-27-018-staff-authenticators': staffAuthenticators,
  '2026-11-27-020-desk-change-passwords': deskChangePasswords,
  '2026-11-27-021-brand-registry': brandRegistry,
  '2026-11-27-022-users-created-by': usersCreatedBy,
  '2026-11-27-023-revival-claims': revivalClaims,
  '2026-11-27-024-bank-line-claims': bankLineClaims,
  '2026-11-27-025-transactions-across-brands': transactionsAcrossBrands,
  '2026-11-27-028-user-language': userLanguage,
  '2026-11-27-030-webhook-endpoints': webhookEndpoints,
  '2026-11-27-031-webhook-deliveries': webhookDeliveries,
  '2026-11-27-032-webhook-feed-start': webhookFeedStart,
  '2026-11-27-035-notification-sms': notificationSms,
  '2026-11-27-036-notification-preferences': notificationPreferences,
  '2026-11-27-037-notification-reads': notificationReads,
  '2026-11-27-038-sms-templates': smsTemplates,
  '2026-11-27-039-idempotency-leases': idempotencyLeases,
  '2026-11-27-040-webhook-rotations': webhookRotations,
};
