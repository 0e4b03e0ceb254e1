/**
 * What a brand's reader is shown of another brand's bank account in an order's events (review 8,
 * F5): an operator's assignment may record another brand's statement line on an order, and a
 * brand's admin or officer reads only their brand. The line's account, key, statement and narration
 * are left out for them, as the order page leaves them out; what was paid, when and by whom stays.
 */
import type { AdminScope } from './admin-scope';
import { isRecord } from './event-actors';

export function withoutOtherBrandAccounts(type: string, data: unknown, reader: AdminScope): unknown {
  if (reader.kind !== 'brand' || type !== 'PaymentMatched' || !isRecord(data) || data.accountTenantId === reader.tenantId) return data;
  return { ...data, accountId: null, accountTenantId: null, accountLabel: "Another brand's account", lineKey: null, statementId: null, narration: null };
}
