/**
 * A change to the desk's rules waiting for a second admin, decided from its events (decision 0030),
 * as the four-eyes completion request is for an order: one admin asks, a different one confirms or
 * declines, the asker may withdraw. A confirmation names nothing but the change: the request holds
 * the exact change and what it was decided against, and a target that moved since makes the request
 * lapse, so a confirmer never confirms something other than what they read. Pure.
 */
import { Refusal } from '../shared/refusal';
import { sameValue } from '../shared/same-value';
import {
  DESK_CHANGE_CONFIRMED,
  DESK_CHANGE_DECLINED,
  DESK_CHANGE_LAPSED,
  DESK_CHANGE_REQUESTED,
  DESK_CHANGE_WITHDRAWN,
  evolveDeskChange,
  type DeskChangeEvent,
  type DeskChangeRequestedData,
  type DeskChangeState,
} from './desk-change.events';

export const deskChangeEvolver = { initial: (): DeskChangeState | null => null, evolve: evolveDeskChange };

export type DeskChangeCommand =
  | { type: 'RequestChange'; request: DeskChangeRequestedData }
  /**
   * `basisNow`: what the target is now, read as the request's `basis` was. `phone` and
   * `requesterPhone`: the confirmer's and the requester's phones (null: none, as for the admin CLI).
   */
  | { type: 'ConfirmChange'; by: string; phone: string | null; requesterPhone: string | null; at: string; basisNow: Record<string, string | null> }
  /** `phone`: the decliner's (null: none, as for the admin CLI). */
  | { type: 'DeclineChange'; by: string; phone: string | null; at: string; note: string | null }
  | { type: 'WithdrawChange'; by: string; at: string }
  /** A confirmed change its command path then refused (the target moved at that very moment). */
  | { type: 'LapseChange'; by: string; at: string; reason: string };

export const CHANGE_NOT_FOUND = 'Change request not found';
export const OUT_OF_DATE =
  'What this change would replace has changed since it was asked for, so it can no longer be confirmed. Ask for it again if it is still wanted.';
const SAME_ADMIN = 'You asked for this change: a different admin must confirm it';
const DECLINE_OWN = 'You asked for this change: withdraw it instead of declining it';
const DECLINE_ABOUT_YOU = 'This change is about your own roles: a different admin decides it';
const NOT_REQUESTER = 'Only the admin who asked for this change may withdraw it';
const NO_REASONS = 'A change that needs no second admin is applied, not requested';

const ENDED: Record<Exclude<DeskChangeState['status'], 'pending'>, string> = {
  confirmed: 'This change was already confirmed',
  declined: 'This change was declined',
  withdrawn: 'This change was withdrawn',
  lapsed: 'This change is out of date and can no longer be confirmed',
};

export function decideDeskChange(state: DeskChangeState | null, command: DeskChangeCommand): DeskChangeEvent[] {
  if (command.type === 'RequestChange') {
    if (state) throw Refusal.conflict('change_exists', 'This change request already exists');
    if (command.request.reasons.length === 0) throw Refusal.conflict('no_second_admin_needed', NO_REASONS);
    return [{ type: DESK_CHANGE_REQUESTED, data: command.request }];
  }
  if (!state) throw Refusal.notFound(CHANGE_NOT_FOUND);
  const { changeId, requestedBy } = state.request;
  if (command.type === 'LapseChange') {
    if (state.status !== 'pending' && state.status !== 'confirmed') throw Refusal.conflict('change_not_pending', ENDED[state.status]);
    return [{ type: DESK_CHANGE_LAPSED, data: { changeId, lapsedAt: command.at, reason: command.reason, noticedBy: command.by } }];
  }
  if (state.status !== 'pending') throw Refusal.conflict(state.status === 'lapsed' ? 'change_stale' : 'change_not_pending', ENDED[state.status]);
  switch (command.type) {
    case 'ConfirmChange':
      // Who asks is checked first: the asker learns nothing about the target by trying. One phone
      // is one person, whichever of their accounts they confirm with (the review's F4).
      if (command.by === requestedBy || samePhone(command.phone, command.requesterPhone)) throw Refusal.forbidden('four_eyes', SAME_ADMIN);
      if (!sameValue(command.basisNow, state.request.basis)) {
        return [{ type: DESK_CHANGE_LAPSED, data: { changeId, lapsedAt: command.at, reason: OUT_OF_DATE, noticedBy: command.by } }];
      }
      return [{ type: DESK_CHANGE_CONFIRMED, data: { changeId, confirmedBy: command.by, confirmedAt: command.at } }];
    case 'DeclineChange':
      if (command.by === requestedBy) throw Refusal.forbidden('own_change', DECLINE_OWN);
      // The admin a roles change is about may not end it (the review's F5: a rogue admin kept their role by declining its removal).
      if (aboutThem(state.request, command.by, command.phone)) throw Refusal.forbidden('about_you', DECLINE_ABOUT_YOU);
      return [{ type: DESK_CHANGE_DECLINED, data: { changeId, declinedBy: command.by, declinedAt: command.at, note: command.note } }];
    case 'WithdrawChange':
      if (command.by !== requestedBy) throw Refusal.forbidden('not_requester', NOT_REQUESTER);
      return [{ type: DESK_CHANGE_WITHDRAWN, data: { changeId, withdrawnBy: command.by, withdrawnAt: command.at } }];
  }
}

const samePhone = (one: string | null, other: string | null) => one !== null && one === other;

/** Whether a roles change is about the account `by` or the person with `phone`. */
function aboutThem(request: DeskChangeRequestedData, by: string, phone: string | null): boolean {
  const { change } = request;
  return change.kind === 'roles' && (change.userId === by || samePhone(phone, change.phone));
}
