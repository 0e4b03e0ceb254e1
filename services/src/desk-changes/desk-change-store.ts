import type { CommandHandler, Handled } from '@desk/platform/eventstore/command-handler';
import type { EventMetadata } from '@desk/platform/eventstore/event-metadata';
import { streamId } from '@desk/platform/eventstore/stream-id';
import { DEFAULT_TENANT_ID } from '@desk/machines/tenants/tenant-id';
import { Refusal } from '@desk/machines/shared/refusal';
import { CHANGE_NOT_FOUND, decideDeskChange, deskChangeEvolver, type DeskChangeCommand } from '@desk/machines/desk-changes/desk-change.decide';
import type { DeskChangeEvent, DeskChangeRequestedData, DeskChangeState } from '@desk/machines/desk-changes/desk-change.events';

export const deskChangeStream = (changeId: string) => streamId('desk-change', changeId);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Changes to the desk's rules through the one command handler: each is its stream
 * `desk-change-<uuid>`, decided in the domain (machines/src/desk-changes/desk-change.decide.ts). Its
 * events belong to the brand the change is about (the operator's own for the Global Settings).
 */
export class DeskChangeStore {
  constructor(private readonly handler: CommandHandler) {}

  /** The change, or null (an id no change can have is not looked up). */
  async load(changeId: string): Promise<DeskChangeState | null> {
    if (!UUID.test(changeId)) return null;
    return (await this.handler.load(deskChangeEvolver, deskChangeStream(changeId))).state;
  }

  async request(request: DeskChangeRequestedData, metadata: EventMetadata): Promise<DeskChangeState> {
    const events = decideDeskChange(null, { type: 'RequestChange', request });
    const { state } = await this.handler.start(deskChangeEvolver, deskChangeStream(request.changeId), events, brandOf(metadata, request));
    return state!;
  }

  /** Decides `command` (made from the state, e.g. with the target as it is now) and records what it decided. */
  async decide(
    changeId: string,
    command: (state: DeskChangeState | null) => Promise<DeskChangeCommand> | DeskChangeCommand,
    metadata: EventMetadata,
  ): Promise<Handled<DeskChangeState | null, DeskChangeEvent>> {
    if (!UUID.test(changeId)) throw Refusal.notFound(CHANGE_NOT_FOUND);
    return this.handler.handle(
      deskChangeEvolver,
      deskChangeStream(changeId),
      async (state) => decideDeskChange(state, await command(state)),
      (state) => (state ? brandOf(metadata, state.request) : metadata),
    );
  }
}

const brandOf = (metadata: EventMetadata, request: DeskChangeRequestedData): EventMetadata => ({
  ...metadata,
  tenantId: request.tenantId ?? DEFAULT_TENANT_ID,
});
