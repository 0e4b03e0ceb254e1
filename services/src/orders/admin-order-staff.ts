import type { Kysely } from 'kysely';
import type { ServicesDatabase } from '../db/services-database';
import type { AdminScope } from '../identity/admin-scope';
import { eventActors, hiddenFrom } from '../identity/event-actors';
import type { adminOrderJson } from './order-json';

type AdminOrder = ReturnType<typeof adminOrderJson>;
type Person = { _id: string | null; phone: string | null; username: string | null };

const OPERATOR: Person = { _id: null, phone: null, username: 'Operator' };

/** The staff an admin order names: who asked for its pending completion, who approved its payout. */
const staffOf = (order: AdminOrder): Person[] => [order.completionRequest?.requestedBy, order.payoutApproval?.approvedBy].filter((p) => p !== undefined);

/**
 * Orders as a brand's reader may read them: the operator's staff named in a request or an approval
 * left unnamed (the Operator), as the order's page and history leave them (decision 0014). Lists, the
 * dashboard, the compliance views and the answers to actions carried their ids (third security
 * review, issue 27). In place: the JSON is built for this one answer. An operator's reader reads
 * them as they are, with no look-up.
 */
export async function withholdOperatorStaff(users: Kysely<ServicesDatabase>, reader: AdminScope, orders: readonly AdminOrder[]): Promise<void> {
  if (reader.kind === 'all_brands') return;
  const ids = orders.flatMap(staffOf).flatMap((person) => (person._id ? [person._id] : []));
  if (ids.length === 0) return;
  const hidden = hiddenFrom(reader, await eventActors(users, ids));
  for (const order of orders) {
    if (order.completionRequest?.requestedBy._id && hidden(order.completionRequest.requestedBy._id)) order.completionRequest.requestedBy = { ...OPERATOR };
    if (order.payoutApproval?.approvedBy._id && hidden(order.payoutApproval.approvedBy._id)) order.payoutApproval.approvedBy = { ...OPERATOR };
  }
}
