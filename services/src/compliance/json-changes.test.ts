import { describe, expect, it } from 'vitest';
import { jsonChanges } from './json-changes';

describe('what changed between two states', () => {
  it('lists each changed leaf by its path, added and removed ones too', () => {
    const before = { status: 'pending', user: { phone: '+91 1', name: 'A' }, attachments: [{ name: 'a.png' }], gone: 1 };
    const after = { status: 'paid', user: { phone: '+91 1', name: 'B' }, attachments: [{ name: 'a.png' }, { name: 'b.png' }], bankReference: 'UTR1' };
    expect(jsonChanges(before, after)).toEqual([
      { path: 'status', from: 'pending', to: 'paid' },
      { path: 'user.name', from: 'A', to: 'B' },
      { path: 'attachments.1', from: null, to: { name: 'b.png' } },
      { path: 'gone', from: 1, to: null },
      { path: 'bankReference', from: null, to: 'UTR1' },
    ]);
  });

  it('finds nothing between equal states, and everything against nothing', () => {
    expect(jsonChanges({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toEqual([]);
    expect(jsonChanges(null, { a: 1 })).toEqual([{ path: '.', from: null, to: { a: 1 } }]);
  });
});
