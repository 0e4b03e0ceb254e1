/**
 * A brand's compliance officer never reads the operator's staff's ids in what they export: an
 * order's four-eyes request names its requester in its data, and the export withholds that data as
 * it withholds the staff's metadata (second security review, N5); the export still verifies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditExport } from '../../platform/src/eventstore/chain/verify-audit-export';
import { createTestApp, json, type TestApp } from '../support/test-app';
import { createBrand } from '../support/brands';
import { createStaff } from '../support/desk-changes';

const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

describe("a brand officer's export and the operator's staff", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('withholds the data of events that name the operator staff, and verifies', async () => {
    const admin = await t.adminToken();
    const host = 'officer-ids.example';
    const tenantId = await createBrand(t, host);
    await createStaff(t, { phone: '+919175000001', password: 'secret21', roles: ['compliance'], tenantId });
    expect((await t.call('POST', '/api/admin/users', { token: admin, body: { phone: '+919175000002', password: 'secret21', tenantId } })).status).toBe(201);
    const signIn = async (phone: string) =>
      (await json(t.call('POST', '/api/auth/login', { body: { phone, password: 'secret21' }, headers: { host } }))).body.token as string;
    const [officer, customer] = [await signIn('+919175000001'), await signIn('+919175000002')];
    const placed = await json(
      t.call('POST', '/api/orders/fiat-to-crypto', {
        token: customer,
        headers: { host },
        body: { fiatAmount: 250000, network: 'TRC20', withdrawAddress: TRON, method: 'bank' },
      }),
    );
    const orderId = placed.body.order._id as string;
    const asked = await json(t.call('POST', `/api/admin/orders/${orderId}/complete`, { token: admin, body: {} }));
    expect(asked.status).toBe(202);
    const operatorId = (await json(t.call('GET', '/api/auth/me', { token: admin }))).body._id as string;

    const made = await json(t.call('POST', '/api/compliance/exports', { token: officer, headers: { host }, body: { orderIds: [orderId] } }));
    expect(made.status).toBe(201);
    const lines = (await (await t.app.request(made.body.url)).text()).trimEnd().split('\n');
    expect(lines.join('\n')).not.toContain(operatorId);
    const events = lines.slice(1, -1).map((line) => JSON.parse(line) as { type: string; withheld?: string[]; data: unknown });
    expect(events.map((e) => [e.type, e.withheld ?? []])).toEqual([
      ['OrderPlaced', []],
      ['CompletionRequested', ['data', 'metadata']],
    ]);
    const key = (await json(t.call('GET', '/api/compliance/signing-key', { token: officer, headers: { host } }))).body;
    expect(await verifyAuditExport(lines, key.fingerprint)).toMatchObject({ ok: true, problems: [], withheldCount: 1 });
  });
});
