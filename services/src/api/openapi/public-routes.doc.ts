import { z } from 'zod';
import { loginSchema } from '../../identity/auth.routes';
import { registerSchema } from '../../identity/otp.routes';
import type { RouteDoc } from './route-doc';

// The OTP routes read `phone` and `otp` themselves, to answer `phone_required` as the
// specification names it; these schemas describe what they accept.
const phoneBody = z.object({ phone: z.string().describe('An optional + and 10 to 15 digits; spaces and dashes are ignored') });
const otpBody = phoneBody.extend({ otp: z.union([z.string(), z.number()]).describe('The 6-digit code sent by SMS') });

/** The query of a signed link: when it expires and its signature (url-signer.ts). */
const signature = { exp: z.string().describe('Expiry, seconds since the epoch'), sig: z.string().describe('HMAC of the path and query') };

const exportQuery = z.object({
  type: z.string().optional(),
  status: z.string().optional(),
  network: z.string().optional(),
  by: z.string().describe('The admin who asked for the link'),
  tenant: z.string().describe("A brand's id, or * for every brand"),
  ...signature,
});

export const publicRouteDocs: RouteDoc[] = [
  { method: 'post', path: '/auth/login', tag: 'sign-in', access: 'public', summary: 'Sign in with phone and password', body: loginSchema },
  {
    method: 'post',
    path: '/auth/otp/send',
    tag: 'sign-in',
    access: 'public',
    summary: 'Send a sign-in code by SMS (staff too: the answer does not tell them apart)',
    body: phoneBody,
  },
  {
    method: 'post',
    path: '/auth/otp/verify',
    tag: 'sign-in',
    access: 'public',
    summary: 'Sign in with the code (staff: 403 only once the code is right; 429 after 30 wrong codes from an address)',
    body: otpBody,
  },
  { method: 'post', path: '/auth/register/otp/send', tag: 'sign-in', access: 'public', summary: 'Send a registration code by SMS', body: phoneBody },
  {
    method: 'post',
    path: '/auth/register/otp/verify',
    tag: 'sign-in',
    access: 'public',
    summary: 'Verify the phone: it may register for 15 minutes',
    body: otpBody,
  },
  {
    method: 'post',
    path: '/auth/register',
    tag: 'sign-in',
    access: 'public',
    summary: 'Register with a verified phone',
    body: registerSchema,
    success: { status: 201, description: 'The new account, signed in' },
  },
  {
    method: 'get',
    path: '/files/:fileId',
    tag: 'files',
    access: 'signed-link',
    summary: "A proof file, from an order's attachment link (15 minutes)",
    query: z.object(signature),
    success: { status: 200, description: 'The file, with its detected type' },
  },
  {
    method: 'get',
    path: '/admin/orders.csv',
    tag: 'admin: orders',
    access: 'signed-link',
    summary: 'The orders CSV, from POST /admin/orders/export-link (5 minutes); the admin is checked again',
    query: exportQuery,
    success: { status: 200, description: 'text/csv' },
  },
];
