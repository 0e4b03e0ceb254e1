import type { ColumnType, Generated } from 'kysely';

/** Kysely types of the tables the services own (read models are typed in projections/). */
export interface UsersTable {
  id: string;
  tenant_id: string;
  username: string | null;
  phone: string;
  password_hash: string;
  roles: string[];
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  password_changed_at: Generated<Date>;
  /** An admin chose the password (decision 0029): a staff account with it cannot sign in by password. */
  password_set_by_other: Generated<boolean>;
  /** The admin who made the account on the admin screens; null for sign-up, the CLI, the bootstrap and the seed (migration 022). */
  created_by: string | null;
  /** The language chosen for the screens, 'en' or 'hi'; null until chosen (migration 028, decision 0036). */
  language: string | null;
}

/** Server-side sessions: every token names one (decision 0029). */
export interface SessionsTable {
  id: string;
  user_id: string;
  tenant_id: string;
  /** How it was opened: password, password_totp, recovery_code, otp, sign_up. */
  method: string;
  started_at: Date;
  expires_at: Date;
  last_seen_at: Date;
  revoked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  revoked_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** The address and browser as the request reported them. */
  ip: string | null;
  user_agent: string | null;
}

/** A staff member's authenticator (TOTP): the secret sealed, the last time step a code was accepted for. */
export interface StaffAuthenticatorsTable {
  user_id: string;
  secret_sealed: string;
  enrolled_at: Date;
  last_step: ColumnType<string, number | string | undefined, number | string>;
}

/** Recovery codes, as keyed hashes, each usable once. */
export interface StaffRecoveryCodesTable {
  user_id: string;
  code_hash: string;
  used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface IdempotencyKeysTable {
  scope: string;
  key: string;
  request_hash: string;
  status_code: number | null;
  response_body: string | null;
  created_at: Generated<Date>;
  completed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The request the key stands for: kept when a retry takes over a dead claim, new when the key expires; on the events' metadata. */
  request_id: Generated<string>;
  /** Who holds the claim now: only the holder renews it or records the answer. */
  claim_token: Generated<string>;
  /** When the holder last renewed its claim; a claim not renewed for a minute was left by a dead process. */
  claimed_at: Generated<Date>;
}

export interface UserWalletsTable {
  id: string;
  user_id: string;
  network: string;
  address: string;
  label: Generated<string>;
  is_default: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface UserBankAccountsTable {
  id: string;
  user_id: string;
  bank_name: string;
  account_name: string;
  account_number: string;
  ifsc: string;
  is_default: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface OrderRefCodesTable {
  ref_code: string;
  order_id: string;
  claimed_at: Generated<Date>;
  /** Whose order, and its INR: what the customer limits count until the read model shows the order. */
  user_id: string | null;
  fiat_inr: string | null;
}

/** INR each customer claimed per UTC day (what the limits count while the read model does not show the orders). */
export interface CustomerClaimDaysTable {
  user_id: string;
  /** yyyy-mm-dd, UTC. */
  day: string;
  claimed_inr: string;
}

/** A late payment that revived an order, counted against its customer's limits until the read model shows the order paid late. */
export interface OrderRevivalClaimsTable {
  order_id: string;
  user_id: string;
  fiat_inr: string;
  claimed_at: Date;
}

/** What a bank statement line was taken for: an order's money, or a refund (reconciliation/line-claims.ts). */
export interface BankLineClaimsTable {
  account_id: string;
  line_key: string;
  kind: 'match' | 'refund';
  order_id: string | null;
  claimed_at: Generated<Date>;
}

/** Each customer's number of checked claims: a claim is recorded only against the number its check read. */
export interface CustomerClaimHeadsTable {
  user_id: string;
  seq: string;
}

export interface StoredFilesTable {
  file_id: string;
  content_type: string;
  size: number;
  bytes: Buffer;
  stored_at: Generated<Date>;
}

export interface ComplianceExportsTable {
  id: string;
  created_by: string;
  created_at: ColumnType<Date, Date | undefined, never>;
  /** What was asked: `{ orderIds }` or `{ from, to, tenantId }`. */
  request: unknown;
  /** The stream ranges chosen when it was asked: `[{ streamId, first, last }]` (positions as strings). */
  ranges: unknown;
  event_count: number;
  stream_count: number;
}

export interface PaymentEvidenceTable {
  tenant_id: string;
  /** `utr`, `crypto`, `image-sha256` or `image-dhash`. */
  kind: string;
  value: string;
  order_id: string;
  ref_code: string;
  /** For `image-dhash`: the hash's 64 bits as a signed bigint. */
  dhash: string | null;
  seen_at: ColumnType<Date, Date | undefined, never>;
}

/** A spelling an account of a number had before phones were canonical (identity/canonical-phones-fix.ts). */
export interface PhoneSpellingsTable {
  user_id: string;
  tenant_id: string;
  spelling: string;
  /** The canonical number. */
  phone: string;
  /** true: the account's phone was rewritten from it; false: the account kept it (another has the number). */
  rewritten: boolean;
  recorded_at: Generated<Date>;
}

/** A pending staff account's password hash, until its request ends (decision 0030). */
export interface DeskChangePasswordsTable {
  change_id: string;
  password_hash: string;
  created_at: Generated<Date>;
}

/** Every brand ever created, written before its first event (decision 0030, second addendum of 2026-11-27). */
export interface BrandRegistryTable {
  tenant_id: string;
  registered_at: Generated<Date>;
}

/** Fixes of stored data that have run, with what each found. */
export interface DataFixesTable {
  name: string;
  applied_at: Generated<Date>;
  summary: unknown;
}

/** The notifications' own tables (migrations 035–038; services/src/notifications). */
export interface NotificationSmsTable {
  notification_id: string;
  user_id: string;
  tenant_id: string;
  kind: string;
  status: SmsStatus;
  phone: string | null;
  text: string | null;
  dlt_template_id: string | null;
  dlt_entity_id: string | null;
  sender_id: string | null;
  decided_at: Generated<Date>;
  claimed_until: Date | null;
  attempts: Generated<number>;
  last_error: string | null;
  sent_at: Date | null;
}

/** `sending`: claimed, not yet taken by the gateway; the rest are final. */
export type SmsStatus = 'sending' | 'sent' | 'opted_out' | 'capped' | 'no_phone' | 'no_template';

export interface NotificationPreferencesTable {
  user_id: string;
  optional_sms: boolean;
  changed_at: Generated<Date>;
}

export interface NotificationReadMarksTable {
  user_id: string;
  read_through: Date;
}

export interface NotificationReadsTable {
  user_id: string;
  notification_id: string;
  notified_at: Date;
  read_at: Generated<Date>;
}

export interface SmsTemplatesTable {
  tenant_id: string;
  dlt_entity_id: string | null;
  sender_id: string | null;
  /** Kind -> { text, dltTemplateId } (sms-templates.ts). */
  templates: unknown;
  changed_at: Generated<Date>;
  changed_by: string;
}

export interface ServicesDatabase {
  users: UsersTable;
  sessions: SessionsTable;
  staff_authenticators: StaffAuthenticatorsTable;
  staff_recovery_codes: StaffRecoveryCodesTable;
  idempotency_keys: IdempotencyKeysTable;
  user_wallets: UserWalletsTable;
  user_bank_accounts: UserBankAccountsTable;
  order_ref_codes: OrderRefCodesTable;
  customer_claim_heads: CustomerClaimHeadsTable;
  customer_claim_days: CustomerClaimDaysTable;
  order_revival_claims: OrderRevivalClaimsTable;
  bank_line_claims: BankLineClaimsTable;
  stored_files: StoredFilesTable;
  compliance_exports: ComplianceExportsTable;
  payment_evidence: PaymentEvidenceTable;
  phone_spellings: PhoneSpellingsTable;
  data_fixes: DataFixesTable;
  desk_change_passwords: DeskChangePasswordsTable;
  brand_registry: BrandRegistryTable;
  notification_sms: NotificationSmsTable;
  notification_preferences: NotificationPreferencesTable;
  notification_read_marks: NotificationReadMarksTable;
  notification_reads: NotificationReadsTable;
  sms_templates: SmsTemplatesTable;
}
