/**
 * What each recorded event is called on a screen: one name per event type of docs/event-catalogue.md,
 * in the words of the people who read the log (compliance officers, admins), never the type itself.
 * The one table for every screen that lists events: the compliance timeline and event log, and the
 * admin order history's titles where it has nothing more particular to say. A test holds it to the
 * catalogue and to the event types the machines declare, so a new event cannot reach a screen unnamed.
 */
export const EVENT_NAMES: Readonly<Record<string, string>> = {
  // Orders
  OrderPlaced: 'Order placed',
  ProofSubmitted: 'Payment proof submitted',
  OrderCancelled: 'Order cancelled',
  OrderExpired: 'Order expired',
  OrderVerified: 'Payment verified',
  CryptoSent: 'Crypto sent',
  OrderCompleted: 'Order completed',
  CompletionRequested: 'Completion requested: waiting for a second admin',
  CompletionRequestDeclined: 'Completion request declined or withdrawn',
  OrderRejected: 'Order rejected',
  PayoutApproved: 'Payout approved by a second admin',
  OrderFlagged: 'Order flagged',
  PaymentMatched: 'Matched to a bank statement line',
  ChainTransferChecked: 'Transfer read on the chain',
  // The desk's settings and brands
  SettingsChanged: 'Global Settings changed',
  TenantCreated: 'Brand created',
  TenantProfileChanged: 'Brand profile changed',
  TenantBankAccountsChanged: 'Brand bank accounts changed',
  TenantWalletsChanged: 'Brand crypto wallets changed',
  TenantSettingsOverridden: 'Brand settings changed',
  TenantDeleted: 'Brand deleted',
  SmsTemplatesChanged: 'Brand customer SMS templates changed',
  // People, sign-in and saved accounts
  UserRegistered: 'Account created',
  UserRolesChanged: 'Roles changed',
  PasswordChanged: 'Password changed',
  SignInLockedOut: 'Sign-in locked after failed attempts',
  SignInUnlocked: 'Sign-in unlocked',
  StaffSignedIn: 'Staff signed in',
  StaffSignedOut: 'Staff signed out',
  SessionsRevoked: 'Sessions ended',
  AuthenticatorEnrolled: 'Authenticator app set up',
  AuthenticatorReset: 'Authenticator app reset',
  RecoveryCodeUsed: 'Recovery code used',
  UserPhoneCanonicalised: 'Phone number rewritten in the standard form',
  UserPhoneChanged: 'Phone number changed',
  SignInIpLockedOut: 'Address locked after failed sign-ins',
  WalletAdded: 'USDT address added',
  WalletChanged: 'USDT address changed',
  WalletRemoved: 'USDT address removed',
  BankAccountAdded: 'Bank account added',
  BankAccountChanged: 'Bank account changed',
  BankAccountRemoved: 'Bank account removed',
  // Changes to the desk's rules (four eyes)
  DeskChangeRequested: 'Desk change requested',
  DeskChangeConfirmed: 'Desk change confirmed by a second admin',
  DeskChangeDeclined: 'Desk change declined',
  DeskChangeWithdrawn: 'Desk change withdrawn',
  DeskChangeLapsed: 'Desk change lapsed',
  // Bank statements and matching
  ColumnMappingSaved: 'Statement column mapping saved',
  StatementImported: 'Bank statement imported',
  StatementLineRecorded: 'Statement line recorded',
  StatementLineMarkedForRefund: 'Statement line marked for refund',
  // Webhook endpoints (decision 0039)
  WebhookEndpointRegistered: 'Webhook endpoint added',
  WebhookEndpointChanged: 'Webhook endpoint changed',
  WebhookSecretRotated: 'Webhook secret replaced',
  WebhookEndpointDeleted: 'Webhook endpoint deleted',
  WebhookRedeliveryRequested: 'Webhook delivery sent again',
  // Compliance
  ComplianceAccessed: 'Compliance view opened',
};

/** "TestEventHappened" as "Test event happened": an event no table names yet still reads as words. */
const words = (type: string) => {
  const spaced = type.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
};

/** The event's name on a screen. */
export const eventName = (type: string): string => EVENT_NAMES[type] ?? words(type);

/** Every named event as choices for a filter, by name (the value is the type the API filters by). */
export const EVENT_TYPE_OPTIONS: readonly { value: string; label: string }[] = Object.entries(EVENT_NAMES)
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => a.label.localeCompare(b.label));
