import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

/** One service of docker-compose.yml, as compose would run it once the file is interpolated. */
export interface ComposeService {
  name: string;
  image: string | null;
  command: string[];
  /** Variables with a value; a name given without one (`KEY:`) takes the shell's value or stays unset. */
  environment: Record<string, string>;
  replicas: number;
  networks: string[];
  volumes: string[];
  dependsOn: string[];
  /** The compose secrets the service mounts: `source` (a top-level secret) at `/run/secrets/<target>`. */
  secrets: { source: string; target: string }[];
  /** The health check compose runs inside the container, as argv (`CMD-SHELL` becomes `sh -c`); null: none or disabled. */
  healthcheck: string[] | null;
}

export interface ComposeFile {
  services: Record<string, ComposeService>;
  networks: Record<string, { internal?: boolean }>;
  /** Top-level secrets: the file each is read from, relative to the compose file. */
  secrets: Record<string, { file: string }>;
}

/**
 * Reads a compose file the way `docker compose` does for what a topology needs: YAML with merge
 * keys (`<<: [*a, *b]`), then `${VAR}`, `${VAR:-default}`, `${VAR-default}`, `${VAR:?message}` and
 * `$$` interpolated from `vars` (the shell plus `.env`). A required variable that is missing throws
 * the file's own message, as compose refuses to start.
 */
export function readComposeFile(file: string, vars: Record<string, string | undefined>): ComposeFile {
  const document = parse(readFileSync(file, 'utf8'), { merge: true }) as RawCompose;
  const resolved = interpolate(document, vars) as RawCompose;
  const services: Record<string, ComposeService> = {};
  for (const [name, raw] of Object.entries(resolved.services ?? {})) {
    services[name] = {
      name,
      image: raw.image ?? null,
      command: Array.isArray(raw.command) ? raw.command.map(String) : raw.command ? String(raw.command).split(/\s+/) : [],
      environment: environmentOf(raw.environment, vars),
      replicas: raw.deploy?.replicas ?? 1,
      networks: Array.isArray(raw.networks) ? raw.networks : Object.keys(raw.networks ?? {}),
      volumes: (raw.volumes ?? []).map(String),
      dependsOn: Array.isArray(raw.depends_on) ? raw.depends_on : Object.keys(raw.depends_on ?? {}),
      secrets: (raw.secrets ?? []).map((secret) =>
        typeof secret === 'string' ? { source: secret, target: secret } : { source: secret.source, target: secret.target ?? secret.source },
      ),
      healthcheck: healthcheckOf(raw.healthcheck),
    };
  }
  const secrets: ComposeFile['secrets'] = {};
  for (const [name, secret] of Object.entries(resolved.secrets ?? {})) {
    // Only file secrets: `environment:` secrets would put the value back in compose's environment.
    if (!secret.file) throw new Error(`secret ${name}: only file secrets are expected here`);
    secrets[name] = { file: secret.file };
  }
  for (const service of Object.values(services)) {
    const unknown = service.secrets.find((secret) => !secrets[secret.source]);
    if (unknown) throw new Error(`service ${service.name} refers to undefined secret ${unknown.source}`);
  }
  return { services, networks: (resolved.networks ?? {}) as ComposeFile['networks'], secrets };
}

/** `test: [CMD, prog, args...]`, `[CMD-SHELL, line]` or a string (a shell line); `NONE` or `disable: true` turn it off. */
function healthcheckOf(raw: RawService['healthcheck']): string[] | null {
  if (!raw || raw.disable || raw.test === undefined) return null;
  if (typeof raw.test === 'string') return ['sh', '-c', raw.test];
  const [kind, ...rest] = raw.test.map(String);
  if (kind === 'CMD') return rest;
  if (kind === 'CMD-SHELL') return ['sh', '-c', rest.join(' ')];
  return null;
}

interface RawService {
  image?: string;
  command?: string | string[];
  environment?: Record<string, unknown> | string[];
  deploy?: { replicas?: number };
  networks?: string[] | Record<string, unknown>;
  volumes?: unknown[];
  depends_on?: string[] | Record<string, unknown>;
  secrets?: (string | { source: string; target?: string })[];
  healthcheck?: { test?: string | string[]; disable?: boolean };
}

interface RawCompose {
  services?: Record<string, RawService>;
  networks?: Record<string, unknown>;
  secrets?: Record<string, { file?: string }>;
}

const VARIABLE = /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g;

function interpolate(value: unknown, vars: Record<string, string | undefined>): unknown {
  if (typeof value === 'string') return interpolateString(value, vars);
  if (Array.isArray(value)) return value.map((item) => interpolate(item, vars));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, interpolate(item, vars)]));
  return value;
}

function interpolateString(text: string, vars: Record<string, string | undefined>): string {
  return text.replace(VARIABLE, (whole, braced: string | undefined, operator: string | undefined, argument: string | undefined, bare: string | undefined) => {
    if (whole === '$$') return '$';
    const name = (braced ?? bare)!;
    const value = vars[name];
    const missing = operator?.startsWith(':') ? !value : value === undefined;
    if (operator?.endsWith('?') && missing) throw new Error(`required variable ${name} is missing a value: ${argument ?? ''}`);
    if (operator?.endsWith('-') && missing) return interpolateString(argument ?? '', vars);
    return value ?? '';
  });
}

function environmentOf(raw: RawService['environment'], vars: Record<string, string | undefined>): Record<string, string> {
  const entries: [string, unknown][] = Array.isArray(raw)
    ? raw.map((line) => {
        const at = line.indexOf('=');
        return at < 0 ? [line, null] : [line.slice(0, at), line.slice(at + 1)];
      })
    : Object.entries(raw ?? {});
  const environment: Record<string, string> = {};
  for (const [key, value] of entries) {
    const resolved = value === null || value === undefined ? vars[key] : String(value);
    if (resolved !== undefined) environment[key] = resolved;
  }
  return environment;
}
