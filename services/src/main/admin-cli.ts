// First: a refused start (a setting wrong, a settings file unreadable) prints one plain line, not a stack.
import '@desk/platform/process/report-startup-refusals';
import { parseArgs } from 'node:util';
import { setLogLevel } from '@desk/platform/logging/logger';
import { openInfrastructure, type Infrastructure } from '@desk/platform/infrastructure';
import { CommandHandler } from '@desk/platform/eventstore/command-handler';
import { allMigrations } from './all-migrations';
import { adminCliEnv as env } from './admin-cli.env';
import { parseOrUsage, runCli } from './cli-main';
import { passwordFromStdin } from './stdin-password';
import { CommandError, UsageError } from '../ops/cli-errors';
import { UserRoles } from '../identity/user-roles';
import { UserTrail } from '../identity/user-trail';
import { canonicaliseStoredPhones } from '../identity/canonical-phones-fix';
import { TenantStore } from '../tenants/tenant-store';
import { TenantDirectory } from '../tenants/tenant-directory';
import { BrandRegistry } from '../tenants/brand-registry';
import { RedisStore } from '../kv/redis-store';
import { phoneArgument, passwordArgument, userArgument } from '../ops/admin/account-input';
import { brandArgument } from '../ops/admin/brand-argument';
import { createAdmin, resetPassword } from '../ops/admin/admin-accounts';
import { listAdmins } from '../ops/admin/list-admins';
import { listPhoneCollisions } from '../ops/admin/phone-collisions';
import { changePhone } from '../ops/admin/change-phone';
import { unlockPhone } from '../ops/admin/unlock-phone';
import { resetTotp } from '../ops/admin/reset-totp';
import { SettingsService } from '../settings/settings.service';
import { asDomainError } from '../http/domain-refusals';
import { confirmChange, declineChange, pendingChanges } from '../desk-changes/desk-change-cli';
import { buildDeskChanges } from './desk-change-deps';
import { fileStorageFor } from './file-storage-deps';

const USAGE = `Usage: npm run admin -- <command> [options]

  create-admin --phone P [--tenant T] [--password-from-stdin] [--reset-password]
      an operator admin (every brand), or with --tenant (a brand's id or domain) an admin of that
      brand only. An account the phone already has there is refused (whoever made it may know its
      password); with --reset-password it is given the role and a new password, its sessions end.
      Without --password-from-stdin a password is generated and printed once. A phone that holds a
      staff role on another account (any brand) is refused: one person holds one staff account.
  reset-password --phone P [--tenant T] [--password-from-stdin]
      a new password (generated and printed once, or read from stdin); the account's sessions end.
      A staff account's new password does not sign in: its holder sets their own with a code sent
      to their phone ("Forgot password?"), so the person at the server never holds a staff identity
  reset-totp --phone P [--tenant T]
      removes the account's authenticator app and recovery codes (a lost phone), ending its
      sessions; its next sign-in enrols a new one (recorded as AuthenticatorReset)
  unlock-phone --phone P
      clears the phone's sign-in lock-out on every brand (failed passwords from each address and
      from all, codes requested, wrong authenticator codes), kept in Redis; a lock lifted is
      recorded on the phone's accounts (SignInUnlocked)
  list-admins
      every admin with phone, brand and scope (operator / brand), as JSON
  phone-collisions
      accounts that kept an old spelling of a number another account of their brand holds, as JSON
      (docs/operations.md, "Phones in one form")
  change-phone --user ID --phone P
      gives the account another phone (recorded as UserPhoneChanged); refused if P is another's,
      and refused for a staff account (its password is reset through its phone): remove the role
      first, which a second admin confirms
  pending-changes
      changes to the desk's rules waiting for a second admin, as JSON (docs/desk-changes.md)
  confirm-change --id ID
      confirms one as the second pair of eyes (a desk with one admin): it takes effect now
  decline-change --id ID [--note TEXT]
      declines one; it never takes effect

--tenant defaults to the operator's own brand. --password-from-stdin reads the first line of a pipe:
  printf '%s\\n' "$PASSWORD" | npm run admin -- reset-password --phone +919000000001 --password-from-stdin`;

const OPTIONS = {
  phone: { type: 'string' },
  user: { type: 'string' },
  tenant: { type: 'string' },
  id: { type: 'string' },
  note: { type: 'string' },
  'password-from-stdin': { type: 'boolean', default: false },
  'reset-password': { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

/** Which options each command takes: anything else given is refused rather than silently ignored. */
const ACCEPTS: Record<string, readonly string[]> = {
  'create-admin': ['phone', 'tenant', 'password-from-stdin', 'reset-password'],
  'reset-totp': ['phone', 'tenant'],
  'reset-password': ['phone', 'tenant', 'password-from-stdin'],
  'unlock-phone': ['phone'],
  'list-admins': [],
  'phone-collisions': [],
  'change-phone': ['user', 'phone'],
  'pending-changes': [],
  'confirm-change': ['id'],
  'decline-change': ['id', 'note'],
};

const say = (line: string): void => void process.stdout.write(`${line}\n`);
// A staff account's password set at the server is marked as chosen by another (decision 0029): not printed, it signs nobody in.
const HOLDER_RESETS =
  'This is a staff account: the new password is marked as set by another and does not sign in (so it is not shown). ' +
  'Its holder sets their own with "Forgot password?" on the sign-in page (a code sent to their phone), then signs in with it (and their authenticator app where one is asked for).';

await runCli(USAGE, async () => {
  const { positionals, values } = parseOrUsage(() => parseArgs({ allowPositionals: true, options: OPTIONS }));
  const [command, ...extra] = positionals;
  if (values.help || command === 'help') return say(USAGE);
  if (command === undefined) throw new UsageError('Name a command');
  const accepted = ACCEPTS[command];
  if (!accepted) throw new UsageError(`Unknown command "${command}"`);
  if (extra.length > 0) throw new UsageError(`Unexpected argument "${extra[0]}"`);
  const given = Object.entries(values).filter(([name, value]) => name !== 'help' && value !== undefined && value !== false);
  const stray = given.find(([name]) => !accepted.includes(name));
  if (stray) throw new UsageError(`--${stray[0]} does not apply to ${command}`);

  // Start-up and migration lines are not what the operator asked for.
  setLogLevel(env.LOG_LEVEL === 'info' ? 'warn' : env.LOG_LEVEL);
  if (command === 'unlock-phone') return unlock(phoneArgument(values.phone));
  if (['pending-changes', 'confirm-change', 'decline-change'].includes(command)) return deskChange(command, values.id, values.note);
  const listing = command === 'list-admins' || command === 'phone-collisions';
  const phone = listing ? null : phoneArgument(values.phone);
  const userId = command === 'change-phone' ? userArgument(values.user) : null;
  // Read before anything is opened, so a bad password changes nothing.
  const password = values['password-from-stdin'] ? passwordArgument(await passwordFromStdin()) : null;

  const infra = await openAccounts();
  try {
    const tenants = new TenantStore(new CommandHandler(infra.eventStore), infra.eventStore, new BrandRegistry(infra.db));
    const names = () => new TenantDirectory(infra.db, tenants).names();
    if (command === 'list-admins') return say(JSON.stringify(await listAdmins(infra.db, await names()), null, 2));
    if (command === 'phone-collisions') return say(JSON.stringify(await listPhoneCollisions(infra.db, await names()), null, 2));
    if (command === 'change-phone') return await change(infra, { userId: userId!, phone: phone! });
    const tenantId = await brandArgument(infra.db, tenants, values.tenant);
    const brand = `${(await names()).get(tenantId) ?? tenantId} (${tenantId})`;
    if (command === 'create-admin') await create(infra, { phone: phone!, tenantId, password, resetPassword: values['reset-password'] }, brand);
    else if (command === 'reset-totp') await removeTotp(infra, { phone: phone!, tenantId }, brand);
    else await reset(infra, { phone: phone!, tenantId, password }, brand);
  } finally {
    await infra.close();
  }
});

/** The database as the server leaves it at start: migrated, and phones canonical (accounts are looked up by them). */
async function openAccounts(): Promise<Infrastructure> {
  const infra = await openInfrastructure(env, 'usdt-desk-admin', allMigrations);
  try {
    await canonicaliseStoredPhones(infra.db, new UserTrail(infra.eventStore));
    return infra;
  } catch (error) {
    await infra.close();
    throw error;
  }
}

/** Changes to the desk's rules: the person at the server confirms or declines as the second admin (decision 0030). */
async function deskChange(command: string, id: string | undefined, note: string | undefined) {
  if (command !== 'pending-changes' && !id) throw new UsageError(`${command} needs --id`);
  const infra = await openAccounts();
  try {
    const handler = new CommandHandler(infra.eventStore);
    const tenants = new TenantStore(handler, infra.eventStore, new BrandRegistry(infra.db));
    const settings = new SettingsService(handler, infra.eventStore, tenants);
    const roles = new UserRoles(infra.db, infra.eventStore);
    const changes = buildDeskChanges({ handler, settings, tenants, roles, db: infra.db, files: fileStorageFor(env, infra.db) });
    const deps = { changes, db: infra.db, brandNames: await new TenantDirectory(infra.db, tenants).names() };
    const done =
      command === 'pending-changes'
        ? await pendingChanges(deps)
        : await (command === 'confirm-change' ? confirmChange(deps, id!) : declineChange(deps, id!, note?.trim().slice(0, 500) || null)).catch(
            (error: unknown) => {
              // The domain's refusal (not found, out of date, already ended) is the operator's answer, without a stack.
              const refused = asDomainError(error);
              throw refused ? new CommandError(`${refused.message} (${refused.code})`) : error;
            },
          );
    say(JSON.stringify(done, null, 2));
  } finally {
    await infra.close();
  }
}

async function change(infra: Infrastructure, input: { userId: string; phone: string }) {
  const result = await changePhone({ db: infra.db, trail: new UserTrail(infra.eventStore), events: infra.eventStore }, input);
  say(
    result.outcome === 'changed'
      ? `account ${input.userId}: phone ${result.previousPhone} → ${input.phone}`
      : `account ${input.userId} already has ${input.phone}`,
  );
}

async function create(infra: Infrastructure, input: { phone: string; tenantId: string; password: string | null; resetPassword: boolean }, brand: string) {
  const result = await createAdmin({ db: infra.db, roles: new UserRoles(infra.db, infra.eventStore) }, input);
  const kind = input.tenantId === 'default' ? 'operator admin (every brand)' : `brand admin of ${brand}`;
  const what = {
    created: 'created',
    granted: 'given the admin role and a new password (its sessions ended):',
    already_admin: input.resetPassword ? 'already an admin, given a new password (its sessions ended):' : 'already an admin, nothing changed:',
  }[result.outcome];
  say(`${input.phone} ${what} ${kind}, user ${result.user.id}`);
  if (result.holderMustReset) return say(HOLDER_RESETS);
  showOnce(result.generatedPassword);
}

async function reset(infra: Infrastructure, input: { phone: string; tenantId: string; password: string | null }, brand: string) {
  const result = await resetPassword({ db: infra.db, roles: new UserRoles(infra.db, infra.eventStore) }, input);
  say(`${input.phone} on ${brand}: password changed at ${result.changedAt.toISOString()}; every session signed in before it has ended`);
  if (result.holderMustReset) return say(HOLDER_RESETS);
  showOnce(result.generatedPassword);
}

async function removeTotp(infra: Infrastructure, input: { phone: string; tenantId: string }, brand: string) {
  const result = await resetTotp({ db: infra.db, trail: new UserTrail(infra.eventStore) }, input);
  say(`${input.phone} on ${brand}: authenticator app and recovery codes removed, ${result.endedSessions} session(s) ended; the next sign-in enrols a new one`);
}

// Printed on stdout for the operator to copy, never logged: a log line would keep it.
function showOnce(password: string | null) {
  if (password) say(`Password (shown only now, stored only as a hash): ${password}`);
}

async function unlock(phone: string) {
  const redisUrl = env.REDIS_URL;
  if (!redisUrl) {
    throw new CommandError(
      'REDIS_URL is not set: sign-in failures are then counted in the memory of the API process (npm start), which this ' +
        'command cannot reach. Restarting the API clears them; otherwise the lock-out ends by itself within 15 minutes ' +
        '(codes: within the hour).',
    );
  }
  // The database too: a lifted lock is recorded on the accounts' streams.
  const infra = await openAccounts();
  const store = RedisStore.connect(redisUrl);
  try {
    const deps = { store, db: infra.db, trail: new UserTrail(infra.eventStore) };
    // Every brand: a sign-up's codes are counted on a brand where the phone has no account yet.
    const brands = [
      ...(
        await new TenantDirectory(infra.db, new TenantStore(new CommandHandler(infra.eventStore), infra.eventStore, new BrandRegistry(infra.db))).names()
      ).keys(),
    ];
    for (const result of await unlockPhone(deps, phone, brands)) {
      const before = result.wasLocked ? `was locked (${result.retryAfterSeconds}s left)` : 'was not locked';
      say(`${phone} ${result.limit}: ${before}; cleared`);
    }
  } finally {
    await store.close();
    await infra.close();
  }
}
