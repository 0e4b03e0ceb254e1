import type { Kysely } from 'kysely';
import { ValidationError } from '@desk/platform/errors/domain-error';
import type { ReadModelDatabase } from '@desk/projections/schema/read-model-database';
import { ordersByRefCodes } from '@desk/projections/read-models/orders/orders.queries';
import { coversTenant, type AdminScope } from '../identity/admin-scope';
import { UUID } from '../http/server-ids';

/**
 * The orders an export names, as ids: an id as given, a reference (`ORD-…`, the code every screen
 * shows) as the id of its order. A reference that names no order, or an order of a brand the officer
 * does not read, is refused the same way, naming it: the answer tells nothing of other brands'
 * orders. Each id's own brand is checked again where its stream is read (audit-exports.ts).
 */
export async function orderIdsOf(readModels: Kysely<ReadModelDatabase>, given: readonly string[], scope: AdminScope): Promise<string[]> {
  const references = [...new Set(given.filter((v) => !UUID.test(v)).map((v) => v.toUpperCase()))];
  const rows = await ordersByRefCodes(readModels, references);
  const inScope = new Map(rows.filter((r) => coversTenant(scope, r.tenant_id)).map((r) => [r.ref_code, r.id]));
  const unknown = given.flatMap((v, i) =>
    UUID.test(v) || inScope.has(v.toUpperCase()) ? [] : [{ path: `orderIds.${i}`, message: `No order ${v.toUpperCase()} in your scope` }],
  );
  if (unknown.length > 0) throw new ValidationError(unknown);
  return given.map((v) => (UUID.test(v) ? v.toLowerCase() : inScope.get(v.toUpperCase())!));
}
