import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database';
import { claimRefCode, newRefCode } from './ref-code';

describe('order reference codes', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ poolSize: 4 });
  });
  afterAll(() => database.drop());

  it('makes 10-character codes from the unambiguous alphabet', () => {
    const codes = new Set(Array.from({ length: 1000 }, newRefCode));
    expect(codes.size).toBe(1000);
    for (const code of codes) expect(code).toMatch(/^ORD-[0-9A-HJKMNP-TV-Z]{10}$/);
  });

  it('claims a code once: a clash draws another, and the first order keeps its code', async () => {
    const first = randomUUID();
    expect(await claimRefCode(database.db, first, () => 'ORD-TAKEN00000')).toBe('ORD-TAKEN00000');
    const drawn = ['ORD-TAKEN00000', 'ORD-FRESH00000'];
    const second = randomUUID();
    expect(await claimRefCode(database.db, second, () => drawn.shift()!)).toBe('ORD-FRESH00000');
    const { rows } = await database.pool.query('select ref_code, order_id from order_ref_codes order by ref_code');
    expect(rows).toEqual([
      { ref_code: 'ORD-FRESH00000', order_id: second },
      { ref_code: 'ORD-TAKEN00000', order_id: first },
    ]);
  });

  it('gives up after a few clashes rather than looping', async () => {
    await expect(claimRefCode(database.db, randomUUID(), () => 'ORD-TAKEN00000')).rejects.toThrow('No free order reference code after 5 tries');
  });
});
