import { randomUUID } from 'node:crypto';
import type { CommandHandler } from '@desk/platform/eventstore/command-handler';
import type { EventStore } from '@desk/platform/eventstore/event-store';
import type { EventMetadata } from '@desk/platform/eventstore/event-metadata';
import { streamId } from '@desk/platform/eventstore/stream-id';
import { NotFoundError } from '@desk/platform/errors/domain-error';
import { DEFAULT_TENANT_ID, isTenantId } from '@desk/machines/tenants/tenant-id';
import type { TenantEvent, TenantProfile, TenantState } from '@desk/machines/tenants/tenant.events';
import { decideTenant, DEFAULT_PROFILE, liveTenant, tenantEvolver, UNRECORDED_AT, type TenantCommand } from '@desk/machines/tenants/tenant.decide';
import type { BrandRegistry } from './brand-registry';

export { DEFAULT_PROFILE, DEFAULT_TENANT_ID, UNRECORDED_AT };

const tenantStream = (id: string) => streamId('tenant', id);

/** The parts of a tenant one change may replace (see decideTenant). */
export type TenantChange = Omit<Extract<TenantCommand, { type: 'ChangeTenant' }>, 'type' | 'tenantId' | 'at'>;

/**
 * Tenants (white-label brands) through the one command handler: each is its stream, folded and
 * decided in the domain (machines/src/tenants/tenant.decide.ts). A brand's events belong to that
 * brand, though the operator's admin makes them: its id is stamped on their metadata. Every brand
 * is registered (brand-registry.ts) before its first event, so the write side knows every brand
 * whatever the read models hold.
 */
export class TenantStore {
  constructor(
    private readonly handler: CommandHandler,
    private readonly store: EventStore,
    private readonly registry: Pick<BrandRegistry, 'register'>,
  ) {}

  /** The live tenant (the untouched default exists; a deleted one does not) and its stream's revision. */
  async load(id: string): Promise<{ state: TenantState | null; revision: bigint | null }> {
    // Not an id a tenant can have (a typo, a NUL byte in a path): no tenant, without asking the store.
    if (!isTenantId(id)) return { state: null, revision: null };
    const { state, revision } = await this.handler.load(tenantEvolver, tenantStream(id));
    return { state: liveTenant(id, state), revision };
  }

  async get(id: string): Promise<TenantState> {
    const { state } = await this.load(id);
    if (!state) throw new NotFoundError('Tenant not found');
    return state;
  }

  /** The latest event of a type on the tenant's stream: who changed that part last, and when. */
  async lastChange(id: string, type: TenantEvent['type']): Promise<{ by: string; at: string } | null> {
    if (!isTenantId(id)) return null;
    const last = (await this.store.readStream(tenantStream(id))).findLast((e) => e.type === type);
    return last ? { by: last.metadata.actor.id, at: last.metadata.acceptedAt } : null;
  }

  /**
   * A request sent with an Idempotency-Key creates the brand its key stands for: the brand's id is the
   * request's (as an order's is), so its retry after a takeover finds the brand its first run created
   * and answers it, creating no second one (decision 0062).
   */
  async create(profile: TenantProfile, metadata: EventMetadata): Promise<TenantState> {
    const tenantId = metadata.idempotencyId ?? randomUUID();
    if (metadata.idempotencyId) {
      const { state } = await this.handler.load(tenantEvolver, tenantStream(tenantId));
      if (state) return state;
    }
    const events = decideTenant(null, { type: 'CreateTenant', tenantId, profile, at: metadata.acceptedAt });
    await this.registry.register(tenantId);
    const { state } = await this.handler.start(tenantEvolver, tenantStream(tenantId), events, { ...metadata, tenantId });
    return state!;
  }

  /**
   * Replaces the parts `change` names; records nothing when they are as they were. `atRevision`:
   * only over the tenant at exactly that revision (of `load`), else WrongExpectedVersionError (a
   * change a second admin confirmed as it was then, decision 0030).
   */
  change(id: string, metadata: EventMetadata, change: TenantChange, atRevision?: bigint | null): Promise<TenantState> {
    return this.command(id, metadata, { type: 'ChangeTenant', tenantId: id, ...change, at: metadata.acceptedAt }, atRevision);
  }

  /** Deletes the brand; `atRevision` as for `change` (a deletion a second admin confirmed, decision 0030). */
  async delete(id: string, metadata: EventMetadata, atRevision?: bigint | null): Promise<void> {
    await this.command(id, metadata, { type: 'DeleteTenant', tenantId: id, at: metadata.acceptedAt }, atRevision);
  }

  private async command(id: string, metadata: EventMetadata, command: TenantCommand, atRevision?: bigint | null): Promise<TenantState> {
    if (!isTenantId(id)) throw new NotFoundError('Tenant not found');
    // The default brand exists from installation; its first change records its creation, so it is registered first.
    if (id === DEFAULT_TENANT_ID) await this.registry.register(id);
    const pinned = atRevision === undefined ? {} : { atRevision };
    const { state } = await this.handler.handle(
      tenantEvolver,
      tenantStream(id),
      (folded) => decideTenant(folded, command),
      { ...metadata, tenantId: id },
      pinned,
    );
    return liveTenant(id, state) ?? state!;
  }
}
