import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ValidationError } from '@desk/platform/errors/domain-error';
import { Refusal } from '@desk/machines/shared/refusal';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database';
import { PgFileStorage } from './pg-file-storage';
import { withFilesForOneCommand } from './files-for-one-command';

describe('files stored for one command', () => {
  let database: TestDatabase;
  let files: PgFileStorage;
  const kept = async () => Number((await database.pool.query('select count(*) as n from stored_files')).rows[0].n);
  beforeAll(async () => {
    database = await createTestDatabase({ poolSize: 2 });
    files = new PgFileStorage(database.db);
  });
  afterAll(() => database.drop());

  it('keeps them when the command is recorded', async () => {
    const before = await kept();
    const fileId = await withFilesForOneCommand(files, async (f) => (await f.save(new Uint8Array([1]), 'image/png')).fileId);
    expect(await files.load(fileId)).not.toBeNull();
    expect(await kept()).toBe(before + 1);
  });

  it('removes every one of them when the command is refused, and the refusal still reaches the caller', async () => {
    const before = await kept();
    const refusal = ValidationError.of('qrCodeUrl', 'The image must be a base64 data URL');
    await expect(
      withFilesForOneCommand(files, async (f) => {
        await f.save(new Uint8Array([1]), 'image/png');
        await f.save(new Uint8Array([2]), 'image/png');
        throw refusal;
      }),
    ).rejects.toBe(refusal);
    await expect(
      withFilesForOneCommand(files, async (f) => {
        await f.save(new Uint8Array([3]), 'image/png');
        throw Refusal.conflict('too_many_proofs', 'An order takes at most 10 payment proofs');
      }),
    ).rejects.toThrow('at most 10');
    expect(await kept()).toBe(before);
  });

  it('keeps them when the failure may have come after the command was recorded', async () => {
    const before = await kept();
    await expect(
      withFilesForOneCommand(files, async (f) => {
        await f.save(new Uint8Array([4]), 'image/png');
        throw new Error('Connection terminated unexpectedly');
      }),
    ).rejects.toThrow('Connection terminated');
    expect(await kept()).toBe(before + 1);
  });
});
