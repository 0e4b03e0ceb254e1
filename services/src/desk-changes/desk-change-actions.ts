import type { EventMetadata } from '@desk/platform/eventstore/event-metadata';
import { WrongExpectedVersionError } from '@desk/platform/eventstore/event-store.errors';
import { logger } from '@desk/platform/logging/logger';
import { Refusal } from '@desk/machines/shared/refusal';
import { CHANGE_NOT_FOUND, OUT_OF_DATE } from '@desk/machines/desk-changes/desk-change.decide';
import type { DeskChangeRequestedData, DeskChangeState } from '@desk/machines/desk-changes/desk-change.events';
import { asDomainError } from '../http/domain-refusals';
import type { DeskChangeDeps } from './desk-change-deps';
import { basisNow } from './desk-change-basis';
import { findUserById } from '../identity/users.repository';
import { applyDeskChange } from './desk-change-apply';
import { ChangeStaleError, OwnAdminRoleError } from './desk-change-errors';
import { deskChangeStream } from './desk-change-store';
import { forgetPassword } from './staff-passwords';

/**
 * A second admin (or the admin CLI) confirms: the request is claimed first (Confirmed, at its
 * revision, so of two confirmers, or a confirm and a withdraw, one wins), against the target as it
 * is now (moved: the request lapses, 409 change_stale); then the change is applied through its
 * command path, its events naming the request as their causation. A change its path refuses at that
 * moment lapses too, with the reason. A change of settings is checked and applied under the settings
 * lock (settings-lock.ts), so no other change of settings moves what it was judged against in between.
 */
export async function confirmDeskChange(deps: DeskChangeDeps, changeId: string, metadata: EventMetadata): Promise<DeskChangeState> {
  const seen = await deps.changes.load(changeId);
  if (!seen) throw Refusal.notFound(CHANGE_NOT_FOUND);
  const kind = seen.request.change.kind;
  const confirm = () => claimAndApply(deps, seen, metadata);
  return kind === 'global_settings' || kind === 'brand_settings' ? deps.settingsLock(confirm) : confirm();
}

async function claimAndApply(deps: DeskChangeDeps, seen: DeskChangeState, metadata: EventMetadata): Promise<DeskChangeState> {
  const by = metadata.actor.id;
  const changeId = seen.request.changeId;
  // An admin may not take their own admin role away, confirming or asking (admin-users.routes.ts).
  if (seen.request.change.kind === 'roles' && seen.request.change.userId === by && !seen.request.change.roles.includes('admin')) throw new OwnAdminRoleError();
  const [phone, requesterPhone] = await Promise.all([phoneOf(deps, by), phoneOf(deps, seen.request.requestedBy)]);
  const claimed = (
    await deps.changes.decide(
      changeId,
      async (state) => ({
        type: 'ConfirmChange',
        by,
        phone,
        requesterPhone,
        at: metadata.acceptedAt,
        basisNow: state ? await basisNow(deps, state.request) : {},
      }),
      metadata,
    )
  ).state!;
  if (claimed.status === 'lapsed') {
    await release(deps, claimed.request, false);
    throw new ChangeStaleError();
  }
  try {
    await applyDeskChange(deps, claimed.request, { ...metadata, causationId: deskChangeStream(changeId) });
  } catch (error) {
    const refused = asDomainError(error);
    if (refused === null) {
      logger.error('a confirmed desk change was not applied', { changeId, error: (error as Error).message });
      throw error;
    }
    const reason =
      error instanceof WrongExpectedVersionError || error instanceof ChangeStaleError ? OUT_OF_DATE : `It could not be applied: ${refused.message}`;
    // The lapse is the confirm's consequence on the same stream, not the request's own command: recorded
    // without the request's idempotencyId, which would make the CommandHandler take it for the confirm
    // already recorded and record nothing, leaving a refused change "confirmed" (review 12's F1). Nor
    // with the request's `rerun`, which names a run again under an idempotencyId (review 18).
    const lapse = { ...metadata, idempotencyId: undefined, rerun: undefined };
    await deps.changes.decide(changeId, () => ({ type: 'LapseChange', by, at: metadata.acceptedAt, reason }), lapse);
    await release(deps, claimed.request, false);
    throw new ChangeStaleError(reason);
  }
  await release(deps, claimed.request, true);
  return claimed;
}

/** Another admin declines, with a note for the requester. */
export async function declineDeskChange(deps: DeskChangeDeps, changeId: string, note: string | null, metadata: EventMetadata): Promise<DeskChangeState> {
  const by = metadata.actor.id;
  const phone = await phoneOf(deps, by);
  const { state } = await deps.changes.decide(changeId, () => ({ type: 'DeclineChange', by, phone, at: metadata.acceptedAt, note }), metadata);
  await release(deps, state!.request, false);
  return state!;
}

/** The requester takes their request back. */
export async function withdrawDeskChange(deps: DeskChangeDeps, changeId: string, metadata: EventMetadata): Promise<DeskChangeState> {
  const { state } = await deps.changes.decide(changeId, () => ({ type: 'WithdrawChange', by: metadata.actor.id, at: metadata.acceptedAt }), metadata);
  await release(deps, state!.request, false);
  return state!;
}

/** The phone of the account `userId` (one phone is one person); null for none (the admin CLI). */
async function phoneOf(deps: DeskChangeDeps, userId: string): Promise<string | null> {
  if (!ACCOUNT_ID.test(userId)) return null;
  return (await findUserById(deps.users, userId))?.phone ?? null;
}

/** An account's id; the system's actors (`admin-cli`, `demo-seed`) have names, and no phone. */
const ACCOUNT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What a request kept that it no longer needs: a new account's password hash once the request ends,
 * and, when the change never applied, the QR images stored for it alone (unless the brand uses them).
 */
async function release(deps: DeskChangeDeps, request: DeskChangeRequestedData, applied: boolean): Promise<void> {
  if (request.change.kind === 'staff_account') await forgetPassword(deps.users, request.changeId);
  if (applied || request.storedFiles.length === 0 || request.tenantId === null) return;
  const { state } = await deps.tenants.load(request.tenantId);
  const used = new Set((state?.cryptoWallets ?? []).map((w) => w.qrFileId));
  for (const fileId of request.storedFiles.filter((id) => !used.has(id))) {
    // The answer is what the admin must see; a file left behind is only space.
    await deps.files
      .remove(fileId)
      .catch((error: unknown) => logger.warn('could not remove a file of an unapplied desk change', { fileId, error: String(error) }));
  }
}
