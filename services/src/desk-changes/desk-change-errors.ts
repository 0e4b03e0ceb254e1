import { DomainError, fixedError } from '@desk/platform/errors/domain-error';
import { OUT_OF_DATE } from '@desk/machines/desk-changes/desk-change.decide';

/** 409 `change_stale`: the request lapsed (what it replaces moved, or it could no longer be applied) and can never be confirmed. */
export class ChangeStaleError extends DomainError {
  constructor(message: string = OUT_OF_DATE) {
    super('change_stale', 409, message);
  }
}

/** 409: no desk is left without its last admin by a slip, whether one asks for it or confirms it. */
export const OwnAdminRoleError = fixedError('own_admin_role', 409, 'You cannot remove your own admin role');

/** 409 `staff_elsewhere`: one person holds one staff account (machines/src/identity/one-staff-account.ts), in its words. */
export class StaffElsewhereError extends DomainError {
  constructor(message: string) {
    super('staff_elsewhere', 409, message);
  }
}
