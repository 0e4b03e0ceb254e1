/**
 * Compliance reads the same things the admins do at the same relative paths (`/changes`,
 * `/ledger/position`), mounted under /compliance instead of /admin. A declaration's operationId is
 * made from its relative path (http/openapi-route.ts), so the two would share one: the compliance
 * declaration's names its mount (`getChanges` becomes `getComplianceChanges`), so each operation
 * keeps a unique id in the document and a client's generated function names differ.
 */
export function complianceOperation<R extends { operationId?: string }>(route: R): R {
  // Set in place: the declaration carries a non-enumerable routing helper a copy would lose.
  route.operationId = route.operationId?.replace(/^(get|post|put|delete|patch)/, '$1Compliance');
  return route;
}
