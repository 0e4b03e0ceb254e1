import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readComposeFile } from './compose-file';

describe('reading a compose file as docker compose does', () => {
  let dir: string;
  let file: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'compose-'));
    file = path.join(dir, 'docker-compose.yml');
    await writeFile(
      file,
      [
        'x-env: &env',
        '  A: ${A:-fallback}',
        '  URL: postgres://u:${PASS:?set PASS}@postgres:5432/db',
        'x-more: &more',
        '  B: $$literal',
        'services:',
        '  api:',
        '    command: ["npm", "run", "start:api"]',
        '    environment:',
        '      <<: [*env, *more]',
        '      FROM_SHELL:',
        '      NOT_IN_SHELL:',
        '      EMPTY_DEFAULT: ${UNSET-}',
        '    deploy: { replicas: 2 }',
        '    networks: [edge, backend]',
        '    secrets: [jwt_secret, { source: db_password, target: pg }]',
        '    healthcheck:',
        '      test: ["CMD", "node", "-e", "check()"]',
        '  postgres:',
        '    secrets: [db_password]',
        '    healthcheck:',
        '      test: ["CMD-SHELL", "pg_isready -U \\"$${POSTGRES_USER}\\""]',
        '  worker:',
        '    healthcheck: { disable: true }',
        'secrets:',
        '  jwt_secret:',
        '    file: ./secrets/jwt_secret',
        '  db_password:',
        '    file: ./secrets/${DB_SECRET_FILE:-db_password}',
      ].join('\n'),
    );
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('merges anchors, interpolates defaults and required values, passes valueless names from the shell', () => {
    const { services } = readComposeFile(file, { PASS: 's3cret', FROM_SHELL: 'shell value' });
    expect(services.api).toMatchObject({
      command: ['npm', 'run', 'start:api'],
      replicas: 2,
      networks: ['edge', 'backend'],
      environment: { A: 'fallback', URL: 'postgres://u:s3cret@postgres:5432/db', B: '$literal', FROM_SHELL: 'shell value', EMPTY_DEFAULT: '' },
    });
    expect(services.api!.environment).not.toHaveProperty('NOT_IN_SHELL');
    expect(readComposeFile(file, { PASS: 'x', A: 'given' }).services.api!.environment.A).toBe('given');
  });

  it('reads the secrets from their files and where each service mounts them', () => {
    const compose = readComposeFile(file, { PASS: 'x' });
    expect(compose.secrets).toEqual({ jwt_secret: { file: './secrets/jwt_secret' }, db_password: { file: './secrets/db_password' } });
    expect(compose.services.api!.secrets).toEqual([
      { source: 'jwt_secret', target: 'jwt_secret' },
      { source: 'db_password', target: 'pg' },
    ]);
    expect(compose.services.worker!.secrets).toEqual([]);
  });

  it('reads health checks as commands: CMD as argv, CMD-SHELL through sh, a disabled one as none', () => {
    const { services } = readComposeFile(file, { PASS: 'x' });
    expect(services.api!.healthcheck).toEqual(['node', '-e', 'check()']);
    expect(services.postgres!.healthcheck).toEqual(['sh', '-c', 'pg_isready -U "${POSTGRES_USER}"']);
    expect(services.worker!.healthcheck).toBeNull();
  });

  it('refuses a service that mounts a secret the file does not define', async () => {
    const broken = path.join(dir, 'broken.yml');
    await writeFile(broken, ['services:', '  api:', '    secrets: [missing]', 'secrets:', '  other:', '    file: ./secrets/other'].join('\n'));
    expect(() => readComposeFile(broken, {})).toThrow('service api refers to undefined secret missing');
  });

  it('refuses to go on without a required variable, with the message the file gives', () => {
    expect(() => readComposeFile(file, {})).toThrow('required variable PASS is missing a value: set PASS');
  });
});
