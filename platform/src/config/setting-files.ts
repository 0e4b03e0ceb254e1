import { readFileSync } from 'node:fs';
import { StartupRefusal } from '../process/startup-refusal';

/**
 * Settings from files (compose and Kubernetes secrets are mounted as files): any setting `NAME` a
 * process reads may be given as `NAME_FILE`, the path of a file whose contents, one trailing newline
 * trimmed, are the value. Giving both, or a file that cannot be read or is empty, refuses the start
 * naming the variable and the file, never the value.
 *
 * `DATABASE_PASSWORD` (or `DATABASE_PASSWORD_FILE`) is the password of DATABASE_URL, which then
 * carries none: the URL can sit in plain configuration while its password stays a secret.
 */
export function withSettingFiles(keys: readonly string[], source: NodeJS.ProcessEnv, read: (file: string) => string = readText): NodeJS.ProcessEnv {
  const resolved: NodeJS.ProcessEnv = { ...source };
  const problems: string[] = [];
  const fromFile = (key: string): string | undefined => {
    const file = given(source[`${key}_FILE`]);
    if (file === undefined) return given(source[key]);
    if (given(source[key]) !== undefined) return void problems.push(`${key} and ${key}_FILE are both set: give one of them`);
    let text: string;
    try {
      text = read(file);
    } catch (error) {
      return void problems.push(`${key}_FILE: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'unreadable'})`);
    }
    const value = text.replace(/\r?\n$/, '');
    if (value === '') return void problems.push(`${key}_FILE: ${file} is empty`);
    return value;
  };
  for (const key of keys) {
    const value = fromFile(key);
    if (value !== undefined) resolved[key] = value;
  }
  if (keys.includes('DATABASE_URL')) {
    const password = fromFile('DATABASE_PASSWORD');
    if (password !== undefined) {
      const url = databaseUrlWithPassword(resolved.DATABASE_URL, password);
      if (typeof url === 'string') resolved.DATABASE_URL = url;
      else problems.push(url.problem);
    }
    delete resolved.DATABASE_PASSWORD;
  }
  if (problems.length > 0) throw new StartupRefusal(`Refused to start: a setting from a file is wrong:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  return resolved;
}

/** An empty variable counts as unset, as the schemas take it (compose passes `NAME:` with no value as empty). */
function given(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}

function readText(file: string): string {
  return readFileSync(file, 'utf8');
}

function databaseUrlWithPassword(databaseUrl: string | undefined, password: string): string | { problem: string } {
  if (given(databaseUrl) === undefined) {
    return { problem: 'DATABASE_PASSWORD is set but DATABASE_URL is not (the embedded PostgreSQL keeps its own password in DATA_DIR)' };
  }
  let url: URL;
  try {
    url = new URL(databaseUrl!);
  } catch {
    return databaseUrl!; // the schema says what is wrong with it
  }
  if (url.password !== '') return { problem: 'DATABASE_URL carries a password and DATABASE_PASSWORD is set too: leave the password out of the URL' };
  if (url.username === '') return { problem: 'DATABASE_URL names no user for DATABASE_PASSWORD (postgres://user@host/db)' };
  // The setter leaves `%` as it is: encoded first, a password with `%`, `@` or `/` reaches PostgreSQL as written.
  url.password = encodeURIComponent(password);
  return url.toString();
}
