import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DeskChangeState } from '@desk/machines/desk-changes/desk-change.events';
import type { ServicesDatabase } from '../db/services-database';
import { personJson, personJsonSchema } from '../identity/person-json';
import { answer } from '../http/openapi-route';

/** Who confirms from the server (`npm run admin -- confirm-change`): the person at the server. */
export const ADMIN_CLI = 'admin-cli';

export interface ChangeJsonDeps {
  users: Kysely<ServicesDatabase>;
  /** A signed link to a stored file (tenant-json.ts's fileLink), null for none. */
  fileLink: (fileId: string | null) => string | null;
  /** Every brand's name by id (tenant-directory.ts). */
  brandNames: ReadonlyMap<string, string>;
}

const KIND_TITLES = {
  global_settings: 'Global Settings',
  brand_settings: 'Brand settings',
  brand_accounts: 'Where customers pay',
  staff_account: 'New staff account',
  roles: 'Staff roles',
  brand_deletion: 'Delete a brand',
} as const;

/** A brand change with no lists is a change of its profile that waits: its domain (where its visitors land). */
const titleOf = (change: DeskChangeState['request']['change']) =>
  change.kind === 'brand_accounts' && !change.bankAccounts && !change.cryptoWallets ? 'Where visitors land (domain)' : KIND_TITLES[change.kind];

const KINDS = Object.keys(KIND_TITLES) as (keyof typeof KIND_TITLES)[];

/** A change request as the screens read it (deskChangeJson). */
export const deskChangeJsonSchema = z.object({
  _id: z.string(),
  kind: z.enum(KINDS),
  title: z.string().describe('What it changes, in words'),
  brand: z.object({ _id: z.string(), name: z.string() }).nullable().describe('The brand it is about; null: every brand (the Global Settings)'),
  status: z.enum(['pending', 'confirmed', 'declined', 'withdrawn', 'lapsed']),
  summary: z.array(z.object({ what: z.string(), before: z.string(), after: z.string() })).describe('Each thing it changes, before and after'),
  reasons: z.array(z.string()).describe('Why it waits for a second admin'),
  requestedBy: personJsonSchema.nullable(),
  requestedAt: z.iso.datetime(),
  endedBy: personJsonSchema.nullable(),
  endedAt: z.iso.datetime().nullable(),
  note: z.string().nullable().describe("The decliner's note, or why it lapsed"),
  qrImages: z.array(z.object({ network: z.string(), address: z.string(), qrCodeUrl: z.string() })),
});
export type DeskChangeJson = z.infer<typeof deskChangeJsonSchema>;

/** What the 202 of a change that waits for a second admin means, in the document (decision 0030). */
export const WAITS_FOR_SECOND_ADMIN =
  'Waiting for a second admin: nothing applied yet. `change` is the request (GET /admin/changes/{id}): what it changes, before and after, and why it waits.';

/** The 202 of a change that waits for a second admin (desk-changes.routes.ts's waitingAnswer): nothing applied yet. */
export const waitingAnswerSchema = z.object({
  pendingConfirmation: z.literal(true),
  change: deskChangeJsonSchema.describe('The request (GET /admin/changes/{id}): what it changes, before and after, and why it waits'),
  message: z.string(),
});

/** A change's 202 in a declaration's answers: waiting for a second admin, nothing applied yet. */
export const waitsForSecondAdmin = answer(WAITS_FOR_SECOND_ADMIN, waitingAnswerSchema);

/**
 * A change request as the pending-changes screen reads it: what it changes in words (before →
 * after), why it waits, who asked and when, how it ended. The QR images a wallet change would show
 * customers come as signed links, so the confirmer sees what customers would scan.
 */
export async function deskChangeJson(state: DeskChangeState, deps: ChangeJsonDeps): Promise<DeskChangeJson> {
  const { request } = state;
  const person = (id: string | null) =>
    id === ADMIN_CLI ? Promise.resolve({ _id: ADMIN_CLI, phone: null, username: 'The admin CLI, on the server' }) : personJson(deps.users, id);
  const [requestedBy, endedBy] = await Promise.all([person(request.requestedBy), person(state.endedBy)]);
  const wallets = request.change.kind === 'brand_accounts' ? (request.change.cryptoWallets ?? []) : [];
  return {
    _id: request.changeId,
    kind: request.change.kind,
    title: titleOf(request.change),
    brand: request.tenantId === null ? null : { _id: request.tenantId, name: deps.brandNames.get(request.tenantId) ?? request.tenantId },
    status: state.status,
    summary: request.summary,
    reasons: request.reasons,
    requestedBy,
    requestedAt: request.requestedAt,
    endedBy,
    endedAt: state.endedAt,
    note: state.note,
    qrImages: wallets.flatMap((w) => {
      const url = deps.fileLink(w.qrFileId) ?? w.qrUrl ?? null;
      return url ? [{ network: w.network, address: w.address, qrCodeUrl: url }] : [];
    }),
  };
}
