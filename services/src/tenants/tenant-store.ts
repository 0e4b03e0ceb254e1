import { randomUUID } from 'node:crypto';
import type { EventStore } from '@desk/platform/eventstore/event-store';
import type { EventMetadata } from '@desk/platform/eventstore/event-metadata';
import { WrongExpectedVersionError } from '@desk/platform/eventstore/event-store.errors';
import { streamId } from '@desk/platform/eventstore/stream-id';
import { DomainError, NotFoundError } from '@desk/platform/errors/domain-error';
import { DEFAULT_TENANT_ID, isTenantId } from '@desk/machines/tenants/tenant-id';
import { foldTenant, profileOf, type TenantEvent, type TenantProfile, type TenantState } from '@desk/machines/tenants/tenant.events';

export { DEFAULT_TENANT_ID };
export const DEFAULT_PROFILE: TenantProfile = { name: 'USDT Desk', domain: null, logoFileId: null, logoUrl: null, primaryColor: '#0d6efd' };

const tenantStream = (id: string) => streamId('tenant', id);

class TenantNotFoundError extends NotFoundError {
  constructor() {
    super('Tenant not found');
  }
}

class DefaultTenantError extends DomainError {
  constructor() {
    super('default_tenant', 409, 'The default tenant cannot be deleted');
  }
}

/**
 * When the default tenant was created, while nothing about it is recorded yet: it exists from
 * installation, with no event to date it. Shown to people as no time at all (see tenantJson).
 */
export const UNRECORDED_AT = new Date(0).toISOString();

/** The default tenant exists before anyone edits it: the brand defaults and no accounts. */
function synthesizedDefault(): TenantState {
  const at = UNRECORDED_AT;
  return { tenantId: DEFAULT_TENANT_ID, ...DEFAULT_PROFILE, bankAccounts: [], cryptoWallets: [], settingsOverrides: {}, createdAt: at, updatedAt: at, deleted: false };
}

export class TenantStore {
  constructor(private readonly store: EventStore) {}

  async load(id: string): Promise<{ state: TenantState | null; revision: bigint | null }> {
    // Not an id a tenant can have (a typo, a NUL byte in a path): no tenant, without asking the store.
    if (!isTenantId(id)) return { state: null, revision: null };
    const events = await this.store.readStream(tenantStream(id));
    const state = foldTenant(events.map((e) => ({ type: e.type, data: e.data }) as TenantEvent));
    const revision = events.length > 0 ? events[events.length - 1]!.streamPosition : null;
    if (!state && id === DEFAULT_TENANT_ID) return { state: synthesizedDefault(), revision: null };
    return { state: state && !state.deleted ? state : null, revision };
  }

  /** The latest event of a type on the tenant's stream: who changed that part last, and when. */
  async lastChange(id: string, type: TenantEvent['type']): Promise<{ by: string; at: string } | null> {
    const events = await this.store.readStream(tenantStream(id));
    const last = events.findLast((e) => e.type === type);
    return last ? { by: last.metadata.actor.id, at: last.metadata.acceptedAt } : null;
  }

  async get(id: string): Promise<TenantState> {
    const { state } = await this.load(id);
    if (!state) throw new TenantNotFoundError();
    return state;
  }

  async create(profile: TenantProfile, metadata: EventMetadata): Promise<TenantState> {
    const tenantId = randomUUID();
    await this.append(tenantId, null, [{ type: 'TenantCreated', data: { ...profile, tenantId, createdAt: metadata.acceptedAt } }], metadata);
    return this.get(tenantId);
  }

  /** `decide` gets the current tenant and returns the events to record (none: nothing changes). */
  async change(id: string, metadata: EventMetadata, decide: (state: TenantState) => TenantEvent[] | Promise<TenantEvent[]>): Promise<TenantState> {
    for (let attempt = 1; ; attempt++) {
      const { state, revision } = await this.load(id);
      if (!state) throw new TenantNotFoundError();
      const events = await decide(state);
      if (events.length === 0) return state;
      // The default tenant's first change also records its creation, so its stream folds on its own.
      const creation: TenantEvent = { type: 'TenantCreated', data: { ...profileOf(state), tenantId: state.tenantId, createdAt: metadata.acceptedAt } };
      const withCreation = revision === null ? [creation, ...events] : events;
      try {
        await this.append(id, revision, withCreation, metadata);
        return this.get(id);
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError) || attempt >= 4) throw error;
      }
    }
  }

  async delete(id: string, metadata: EventMetadata): Promise<void> {
    if (id === DEFAULT_TENANT_ID) throw new DefaultTenantError();
    for (let attempt = 1; ; attempt++) {
      const { state, revision } = await this.load(id);
      if (!state) throw new TenantNotFoundError();
      try {
        return await this.append(id, revision, [{ type: 'TenantDeleted', data: { deletedAt: metadata.acceptedAt } }], metadata);
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError) || attempt >= 4) throw error;
      }
    }
  }

  private async append(id: string, revision: bigint | null, events: TenantEvent[], metadata: EventMetadata): Promise<void> {
    await this.store.append(
      tenantStream(id),
      // A brand's events belong to that brand, though the operator's admin makes them.
      events.map((e) => ({ eventId: randomUUID(), type: e.type, data: e.data, metadata: { ...metadata, tenantId: id } })),
      { expected: revision === null ? 'no_stream' : revision },
    );
  }
}
