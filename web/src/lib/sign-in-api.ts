import { api, unwrap } from './api';

/**
 * Sessions, staff authenticators, the second sign-in step and "Forgot password?" (decision 0029),
 * typed from the server's routes (Hono RPC).
 */
export const signInApi = {
  logout: () => unwrap(api.auth.logout.$post()),
  sessions: () => unwrap(api.auth.sessions.$get()),
  endSession: (id: string) => unwrap(api.auth.sessions[':id'].$delete({ param: { id } })),
  endOtherSessions: () => unwrap(api.auth.sessions['revoke-others'].$post()),
  authenticator: () => unwrap(api.auth.authenticator.$get()),
  startAuthenticator: (json: { currentPassword: string; code?: string; recoveryCode?: string }) => unwrap(api.auth.authenticator.$post({ json })),
  confirmAuthenticator: (json: { code: string }) => unwrap(api.auth.authenticator.confirm.$post({ json })),
  loginWithCode: (json: { challenge: string; code?: string; recoveryCode?: string }) => unwrap(api.auth.login.totp.$post({ json })),
  startEnrolment: (json: { challenge: string }) => unwrap(api.auth.totp.enrolment.$post({ json })),
  confirmEnrolment: (json: { challenge: string; code: string }) => unwrap(api.auth.totp.enrolment.confirm.$post({ json })),
  sendResetCode: (json: { phone: string }) => unwrap(api.auth['password-reset'].otp.send.$post({ json })),
  resetPassword: (json: { phone: string; otp: string; newPassword: string }) => unwrap(api.auth['password-reset'].$post({ json })),
};

export type SessionInfo = Awaited<ReturnType<typeof signInApi.sessions>>['sessions'][number];
export type AuthenticatorSetupInfo = Awaited<ReturnType<typeof signInApi.startAuthenticator>>;
