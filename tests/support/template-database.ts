import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { withDatabase } from '../../platform/src/db/embedded-postgres';
import { holdingLock } from '../../services/src/main/ensure-web-build';

const NAME_FILE = 'template-database';

/**
 * This run's template database: made and migrated once, by the first test file that needs a
 * database (the others wait for it), then copied for each file with `create database … template`
 * (test-database.ts). The copy replaces migrating each file's database, which was most of a test
 * database's cost. Nobody connects to the template once it is made (PostgreSQL copies only a
 * database no one is connected to).
 */
export async function templateDatabase(adminUrl: string, runDir: string, migrate: (url: string) => Promise<void>): Promise<string> {
  const nameFile = path.join(runDir, NAME_FILE);
  if (!existsSync(nameFile)) {
    await holdingLock(path.join(runDir, `${NAME_FILE}.lock`), async () => {
      if (existsSync(nameFile)) return;
      const name = `t_template_${randomBytes(6).toString('hex')}`;
      await withAdmin(adminUrl, (admin) => admin.query(`create database ${name}`));
      await migrate(withDatabase(adminUrl, name));
      await writeFile(nameFile, name);
    });
  }
  return (await readFile(nameFile, 'utf8')).trim();
}

/** At the run's end, on a server the run does not own (TEST_DATABASE_URL): the template goes too. */
export async function dropTemplateDatabase(runDir: string, adminUrl: string): Promise<void> {
  const nameFile = path.join(runDir, NAME_FILE);
  if (!existsSync(nameFile)) return;
  const name = (await readFile(nameFile, 'utf8')).trim();
  await withAdmin(adminUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
}

export async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
