import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database';
import type { FileStorage } from './file-storage';
import { LocalFileStorage } from './local-file-storage';
import { PgFileStorage } from './pg-file-storage';

let database: TestDatabase;
let dir: string;
beforeAll(async () => {
  database = await createTestDatabase({ poolSize: 2 });
  dir = await mkdtemp(path.join(tmpdir(), 'usdt-desk-files-'));
});
afterAll(async () => {
  await database.drop();
  await rm(dir, { recursive: true, force: true });
});

describe.each([
  ['PostgreSQL', () => new PgFileStorage(database.db)],
  ['the local disk', () => new LocalFileStorage(dir)],
])('files kept in %s', (_, storage: () => FileStorage) => {
  it('gives back what was stored, under a fresh uuid, with its type', async () => {
    const files = storage();
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]);
    const stored = await files.save(bytes, 'image/png');
    expect(stored).toMatchObject({ contentType: 'image/png', size: 8 });
    expect(stored.fileId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const loaded = await files.load(stored.fileId);
    expect(loaded?.contentType).toBe('image/png');
    expect(loaded && [...loaded.bytes]).toEqual([...bytes]);
    expect((await files.save(bytes, 'image/png')).fileId).not.toBe(stored.fileId);
  });

  it('knows no file for an unknown id or a string that is no id (a path, SQL)', async () => {
    const files = storage();
    expect(await files.load('00000000-0000-4000-8000-000000000000')).toBeNull();
    expect(await files.load('../jwt-secret')).toBeNull();
    expect(await files.load("' or 1=1 --")).toBeNull();
  });

  it('removes a file, and removing it again is no error', async () => {
    const files = storage();
    const { fileId } = await files.save(new Uint8Array([1, 2, 3]), 'application/pdf');
    await files.remove(fileId);
    expect(await files.load(fileId)).toBeNull();
    await expect(files.remove(fileId)).resolves.toBeUndefined();
  });
});

it('leaves nothing but whole files and their types on disk', async () => {
  const files = new LocalFileStorage(dir);
  const { fileId } = await files.save(new Uint8Array([7]), 'image/gif');
  const names = await readdir(dir);
  expect(names).toContain(fileId);
  expect(names).toContain(`${fileId}.type`);
  expect(names.filter((name) => name.endsWith('.tmp'))).toEqual([]);
});
