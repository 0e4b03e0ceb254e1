import { startEntryPoint } from './child-process';

/**
 * `npm run admin -- …` against a running server's database, as the operator at the server runs it:
 * `env` names that database (DATABASE_URL, or DATA_DIR and EMBEDDED_POSTGRES_PORT of an embedded one).
 * Answers what it printed; a non-zero exit throws with its output.
 */
export async function adminCli(env: Record<string, string>, ...args: string[]): Promise<string> {
  const run = startEntryPoint('services/src/main/admin-cli.ts', args, env);
  const code = await run.exited;
  if (code !== 0) throw new Error(`npm run admin -- ${args.join(' ')} exited ${code}: ${run.output()}`);
  return run.output();
}

/** Confirms a change to the desk's rules as the person at the server (a desk with one admin, decision 0030). */
export function confirmOnServer(env: Record<string, string>, changeId: string): Promise<string> {
  return adminCli(env, 'confirm-change', '--id', changeId);
}

/** An admin made with `create-admin` (every brand, or `tenant`'s only); answers its password, printed once. */
export async function createAdminOnServer(env: Record<string, string>, phone: string, tenant?: string): Promise<string> {
  const printed = await adminCli(env, 'create-admin', '--phone', phone, ...(tenant ? ['--tenant', tenant] : []));
  const password = /Password \(shown only now[^)]*\): (\S+)/.exec(printed)?.[1];
  if (!password) throw new Error(`create-admin printed no password: ${printed}`);
  return password;
}
