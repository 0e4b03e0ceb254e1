/** The operator's own tenant: it exists from installation, before any event about it. */
export const DEFAULT_TENANT_ID = 'default';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A tenant id is the default tenant's or a lower-case uuid; anything else names no tenant. */
export function isTenantId(id: string): boolean {
  return id === DEFAULT_TENANT_ID || UUID.test(id);
}
