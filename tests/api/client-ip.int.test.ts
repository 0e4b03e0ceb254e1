/**
 * The client's address comes from the trusted proxy hops (here: one), never from what the client
 * wrote at the left of X-Forwarded-For: events record the real address, and a lock-out cannot be
 * dodged by forging the header.
 */
import { describe, expect } from 'vitest';
import { json } from '../support/test-app';
import { it } from '../support/app-fixtures';

describe('client address behind one trusted proxy', () => {
  it('records the address the proxy saw, not the forged entries before it', async ({ t }) => {
    const saved = await json(
      t.call('PUT', '/api/admin/settings', {
        token: await t.adminToken(),
        // Within the re-quote band of 85: applied at once (further waits for a second admin).
        body: { rates: { usdt_bank_buy: 86 } },
        headers: { 'x-forwarded-for': '6.6.6.6, 198.51.100.9' },
      }),
    );
    expect(saved.status).toBe(200);
    const [event] = await t.deps.eventStore.readStream('settings-default');
    expect(event!.metadata.ip).toBe('198.51.100.9');
  });

  it('locks an address out after 30 failures however the client rewrites the header', async ({ t }) => {
    for (let i = 0; i < 30; i++) {
      const forged = `10.9.${i}.1, 203.0.113.99`;
      await t.call('POST', '/api/auth/login', {
        body: { phone: `+9197100000${String(i).padStart(2, '0')}`, password: 'nope-nope' },
        headers: { 'x-forwarded-for': forged },
      });
    }
    const locked = await t.call('POST', '/api/auth/login', {
      body: { phone: '+919710000099', password: 'nope-nope' },
      headers: { 'x-forwarded-for': '1.1.1.1, 203.0.113.99' },
    });
    expect(locked.status).toBe(429);
  });
});
