import { describe, expect, it } from 'vitest';
import { settlesWithin } from './settles-within';

describe('settlesWithin', () => {
  it('is true for work that resolves or rejects in time, false for work still going at the bound', async () => {
    expect(await settlesWithin(Promise.resolve('done'), 100)).toBe(true);
    expect(await settlesWithin(Promise.reject(new Error('failed')), 100)).toBe(true);
    expect(await settlesWithin(new Promise(() => undefined), 20)).toBe(false);
  });
});
