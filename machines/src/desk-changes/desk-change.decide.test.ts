import { describe, it } from 'vitest';
import { specFor } from '../testing/given-when-then';
import { decideDeskChange, deskChangeEvolver, OUT_OF_DATE, type DeskChangeCommand } from './desk-change.decide';
import type { DeskChangeEvent, DeskChangeRequestedData, DeskChangeState } from './desk-change.events';

const spec = specFor<DeskChangeState | null, DeskChangeEvent, DeskChangeCommand>({ ...deskChangeEvolver, decide: decideDeskChange });

const A = 'admin-a';
const B = 'admin-b';
const PHONE_A = '+919000000001';
const PHONE_B = '+919000000002';
const phones = { phone: PHONE_B, requesterPhone: PHONE_A };
const request: DeskChangeRequestedData = {
  changeId: 'c1',
  tenantId: null,
  change: { kind: 'global_settings', patch: { controls: { fourEyesAboveInr: '0' } } },
  summary: [{ what: 'Second admin above', before: '₹2,00,000', after: 'off' }],
  reasons: ['It turns off the four-eyes threshold (a second admin above this amount), which was ₹2,00,000'],
  basis: { 'settings-default': '4' },
  storedFiles: [],
  requestedBy: A,
  requestedAt: 't0',
};
const requested: DeskChangeEvent = { type: 'DeskChangeRequested', data: request };
const confirmed: DeskChangeEvent = { type: 'DeskChangeConfirmed', data: { changeId: 'c1', confirmedBy: B, confirmedAt: 't1' } };
const withdrawn: DeskChangeEvent = { type: 'DeskChangeWithdrawn', data: { changeId: 'c1', withdrawnBy: A, withdrawnAt: 't1' } };
const lapsed: DeskChangeEvent = { type: 'DeskChangeLapsed', data: { changeId: 'c1', lapsedAt: 't1', reason: OUT_OF_DATE, noticedBy: B } };

describe('a change to the desk rules, given its events', () => {
  it('is requested once, and only with a reason to ask a second admin', () => {
    spec([]).when({ type: 'RequestChange', request }).thenRecords([requested]);
    spec([requested]).when({ type: 'RequestChange', request }).thenRefuses({ kind: 'conflict', code: 'change_exists' });
    spec([])
      .when({ type: 'RequestChange', request: { ...request, reasons: [] } })
      .thenRefuses({ kind: 'conflict', code: 'no_second_admin_needed' });
  });

  it('is confirmed by a different admin when the target is as it was', () => {
    spec([requested])
      .when({ type: 'ConfirmChange', by: B, ...phones, at: 't1', basisNow: { 'settings-default': '4' } })
      .thenRecords([confirmed]);
    spec([requested])
      .when({ type: 'ConfirmChange', by: 'admin-cli', phone: null, requesterPhone: PHONE_A, at: 't1', basisNow: { 'settings-default': '4' } })
      .thenRecords([{ type: 'DeskChangeConfirmed', data: { changeId: 'c1', confirmedBy: 'admin-cli', confirmedAt: 't1' } }]);
  });

  it('is refused to its requester (403 four_eyes), whatever the target', () => {
    spec([requested])
      .when({ type: 'ConfirmChange', by: A, phone: PHONE_A, requesterPhone: PHONE_A, at: 't1', basisNow: { 'settings-default': '4' } })
      .thenRefuses({ kind: 'forbidden', code: 'four_eyes' });
    spec([requested])
      .when({ type: 'ConfirmChange', by: A, phone: PHONE_A, requesterPhone: PHONE_A, at: 't1', basisNow: { 'settings-default': '9' } })
      .thenRefuses({ kind: 'forbidden', code: 'four_eyes' });
  });

  it('is refused to the same person on another of their accounts (one phone, two staff accounts: the review F4)', () => {
    spec([requested])
      .when({ type: 'ConfirmChange', by: 'a-brand-account-of-a', phone: PHONE_A, requesterPhone: PHONE_A, at: 't1', basisNow: { 'settings-default': '4' } })
      .thenRefuses({ kind: 'forbidden', code: 'four_eyes', message: 'You asked for this change: a different admin must confirm it' });
  });

  it('lapses when the target moved since, and can never be confirmed after', () => {
    spec([requested])
      .when({ type: 'ConfirmChange', by: B, ...phones, at: 't1', basisNow: { 'settings-default': '5' } })
      .thenRecords([lapsed]);
    spec([requested, lapsed])
      .when({ type: 'ConfirmChange', by: B, ...phones, at: 't2', basisNow: { 'settings-default': '4' } })
      .thenRefuses({ kind: 'conflict', code: 'change_stale' });
  });

  it('is declined by another admin with a note; its requester withdraws it instead', () => {
    spec([requested])
      .when({ type: 'DeclineChange', by: B, phone: PHONE_B, at: 't1', note: 'Not today' })
      .thenRecords([{ type: 'DeskChangeDeclined', data: { changeId: 'c1', declinedBy: B, declinedAt: 't1', note: 'Not today' } }]);
    spec([requested]).when({ type: 'DeclineChange', by: A, phone: PHONE_A, at: 't1', note: null }).thenRefuses({ kind: 'forbidden', code: 'own_change' });
    spec([requested]).when({ type: 'WithdrawChange', by: A, at: 't1' }).thenRecords([withdrawn]);
    spec([requested]).when({ type: 'WithdrawChange', by: B, at: 't1' }).thenRefuses({ kind: 'forbidden', code: 'not_requester' });
  });

  it('a roles change is not declined by the admin it is about, on any of their accounts (the review F5)', () => {
    const removal: DeskChangeEvent = {
      type: 'DeskChangeRequested',
      data: {
        ...request,
        change: { kind: 'roles', userId: 'admin-c', phone: '+919000000003', roles: [], previousRoles: ['admin'] },
        requestedBy: B,
      },
    };
    for (const [by, phone] of [
      ['admin-c', '+919000000003'],
      ['another-account-of-c', '+919000000003'],
    ] as const) {
      spec([removal]).when({ type: 'DeclineChange', by, phone, at: 't1', note: 'no' }).thenRefuses({ kind: 'forbidden', code: 'about_you' });
    }
    spec([removal])
      .when({ type: 'DeclineChange', by: A, phone: PHONE_A, at: 't1', note: 'no' })
      .thenRecords([{ type: 'DeskChangeDeclined', data: { changeId: 'c1', declinedBy: A, declinedAt: 't1', note: 'no' } }]);
  });

  it('once ended, takes nothing more', () => {
    for (const ended of [confirmed, withdrawn]) {
      spec([requested, ended])
        .when({ type: 'ConfirmChange', by: 'admin-c', phone: '+919000000003', requesterPhone: PHONE_A, at: 't2', basisNow: request.basis })
        .thenRefuses({ code: 'change_not_pending' });
      spec([requested, ended]).when({ type: 'WithdrawChange', by: A, at: 't2' }).thenRefuses({ code: 'change_not_pending' });
      spec([requested, ended]).when({ type: 'DeclineChange', by: B, phone: PHONE_B, at: 't2', note: null }).thenRefuses({ code: 'change_not_pending' });
    }
    spec([]).when({ type: 'WithdrawChange', by: A, at: 't1' }).thenRefuses({ kind: 'not_found' });
  });

  it('a confirmed change its command path then refused lapses, with the reason', () => {
    spec([requested, confirmed])
      .when({ type: 'LapseChange', by: B, at: 't2', reason: 'Phone number already exists' })
      .thenRecords([{ type: 'DeskChangeLapsed', data: { changeId: 'c1', lapsedAt: 't2', reason: 'Phone number already exists', noticedBy: B } }]);
    spec([requested, withdrawn]).when({ type: 'LapseChange', by: B, at: 't2', reason: 'x' }).thenRefuses({ code: 'change_not_pending' });
  });
});
