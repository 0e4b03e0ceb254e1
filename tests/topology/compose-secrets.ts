import { readFileSync } from 'node:fs';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ComposeFile, ComposeService } from './compose-file';

/** Where compose mounts a service's secrets in its container. */
const SECRETS_DIR = '/run/secrets';

/**
 * Compose's file secrets on this machine: each is written to `<work>/secrets/<name>` (the
 * operator's `./secrets/<name>`), as `echo value > file` writes it (with a trailing newline, which
 * the application trims), readable by its owner only. A secret's value is `given[name]`, or else the
 * variable named like it (`jwt_secret` from `JWT_SECRET`), so a caller's variables keep working. A
 * secret with neither fails the start, as compose refuses a secret whose file is missing.
 */
export async function writeSecrets(
  compose: ComposeFile,
  work: string,
  given: Record<string, string>,
  vars: Record<string, string>,
): Promise<Map<string, string>> {
  const dir = path.join(work, 'secrets');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const files = new Map<string, string>();
  for (const name of Object.keys(compose.secrets)) {
    const value = given[name] ?? vars[name.toUpperCase()];
    if (value === undefined)
      throw new Error(`secret ${name}: its file ${compose.secrets[name]!.file} is missing (give secrets.${name} or vars.${name.toUpperCase()})`);
    const file = path.join(dir, name);
    await writeFile(file, `${value}\n`);
    await chmod(file, 0o400);
    files.set(name, file);
  }
  return files;
}

/** A value naming a secret the service mounts (`/run/secrets/jwt_secret`) names its file here; one it does not mount stays, missing, as in its container. */
export function mountSecrets(service: ComposeService, env: Record<string, string>, files: Map<string, string>): void {
  for (const { source, target } of service.secrets) {
    const mounted = path.posix.join(SECRETS_DIR, target);
    for (const [key, value] of Object.entries(env)) if (value === mounted) env[key] = files.get(source)!;
  }
}

/** A value as the application reads it: `NAME`, or the contents of the file `NAME_FILE` names, trailing newline trimmed. */
export function valueOf(env: Record<string, string>, name: string): string | undefined {
  const file = env[`${name}_FILE`];
  return file === undefined ? env[name] : readFileSync(file, 'utf8').replace(/\r?\n$/, '');
}
