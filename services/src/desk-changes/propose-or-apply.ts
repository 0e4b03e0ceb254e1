import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '@desk/platform/eventstore/event-metadata';
import { WrongExpectedVersionError } from '@desk/platform/eventstore/event-store.errors';
import type { DeskChangeRequestedData, DeskChangeState } from '@desk/machines/desk-changes/desk-change.events';
import type { DeskChangeDeps } from './desk-change-deps';
import { ChangeStaleError } from './desk-change-errors';
import type { SettingsLock } from './settings-lock';

/** What a change to the desk's rules came to: applied at once, or waiting for a second admin. */
export type Proposed<T> = { applied: T; pending?: undefined } | { pending: DeskChangeState; applied?: undefined };

/** A change judged against its target as read once. */
export interface Judged<T> {
  /** Why a second admin must confirm it (needs-second-admin.ts); empty: it applies at once. */
  reasons: string[];
  /** Applies it at once, only over the target exactly as judged (WrongExpectedVersionError or ChangeStaleError when it moved). */
  apply: () => Promise<T>;
  /** The request to record when it needs a second admin (null only where it cannot: nothing to change). */
  request: Pick<DeskChangeRequestedData, 'tenantId' | 'change' | 'summary' | 'basis'> & { storedFiles?: string[] };
  /** Something kept beside the request (a new account's password hash), and how to drop it if the request is not recorded. */
  kept?: { keep: (changeId: string) => Promise<void>; drop: (changeId: string) => Promise<void> };
}

const ATTEMPTS = 3;

/**
 * The one way a route changes the desk's rules: read the target, ask the rule, then either apply at
 * once over exactly what was read (judged again if it moved in between, so a change never slips
 * through on a state it was not judged against) or record a request for a second admin.
 * `lock`: held from the first judging to the write (settings-lock.ts), for a change judged against
 * more than the stream it writes.
 */
export function proposeOrApply<T>(deps: DeskChangeDeps, judge: () => Promise<Judged<T>>, metadata: EventMetadata, lock?: SettingsLock): Promise<Proposed<T>> {
  return lock ? lock(() => judgeThenApply(deps, judge, metadata)) : judgeThenApply(deps, judge, metadata);
}

async function judgeThenApply<T>(deps: DeskChangeDeps, judge: () => Promise<Judged<T>>, metadata: EventMetadata): Promise<Proposed<T>> {
  // A request sent with an Idempotency-Key asks for the change its key stands for (the change's id is
  // the request's): its retry after a takeover finds the request its first run recorded and asks for
  // nothing twice (decision 0062). So a request asks for at most one change.
  if (metadata.idempotencyId) {
    const asked = await deps.changes.load(metadata.idempotencyId);
    if (asked) return { pending: asked };
  }
  for (let attempt = 1; ; attempt++) {
    const judged = await judge();
    if (judged.reasons.length === 0) {
      try {
        return { applied: await judged.apply() };
      } catch (error) {
        const moved = error instanceof WrongExpectedVersionError || error instanceof ChangeStaleError;
        if (moved && attempt < ATTEMPTS) continue;
        throw error;
      }
    }
    const { storedFiles = [], ...request } = judged.request;
    const changeId = metadata.idempotencyId ?? randomUUID();
    await judged.kept?.keep(changeId);
    try {
      const pending = await deps.changes.request(
        { changeId, ...request, reasons: judged.reasons, storedFiles, requestedBy: metadata.actor.id, requestedAt: metadata.acceptedAt },
        metadata,
      );
      return { pending };
    } catch (error) {
      await judged.kept?.drop(changeId).catch(() => undefined);
      throw error;
    }
  }
}
