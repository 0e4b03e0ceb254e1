/**
 * A webhook register or rotate whose first run was carried out but whose answer was never recorded
 * (its process killed between the commit and the record, or the database away past the lease), then
 * retried with the same Idempotency-Key once the claim's lease is over (decision 0062, review 15's
 * F5). "Died" is made as tests/api/idempotency-healing.int.test.ts makes it: the answer taken back
 * off the key's row and its renewal a minute back, after the request ran.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, vi } from 'vitest';
import { json } from '../../../tests/support/test-app';
import { it as withApp } from '../../../tests/support/app-fixtures';
import { createBrandAdmin } from '../../../tests/support/brands';
import { waitFor } from '../../../tests/support/wait-for';
import { failCommitOnce, whileFailing } from '../../../tests/support/fail-once';
import { systemMetadata } from '@desk/platform/eventstore/event-metadata';
import { SecretAlreadyIssued } from './webhook-endpoints';

const FROM = { 'x-forwarded-for': '198.51.100.78', 'user-agent': 'takeover-test' };

const it = withApp
  .extend('brand', { scope: 'file' }, async ({ t }) => createBrandAdmin(t, 'takeover.example', '+919600000091'))
  .extend(
    'post',
    ({ t, brand }) =>
      (path: string, key: string, body?: unknown) =>
        json(t.call('POST', `/api/admin/webhooks${path}`, { token: brand.token, body, headers: { ...FROM, 'idempotency-key': key } })),
  );

describe('a webhook command retried after its key was taken over', () => {
  it('registers one endpoint: the retry answers as a replay would, with the endpoint, and writes no second trail event', async ({
    t,
    brand,
    post,
    sql,
    diedMidRequest,
  }) => {
    const body = { url: 'https://crm.takeover.example/hook', eventTypes: ['order.placed'], description: 'CRM' };
    const first = await post('', 'register-taken-over', body);
    expect(first.status).toBe(201);
    const endpointId = first.body.endpoint.id as string;
    await diedMidRequest('register-taken-over', 61);

    const retry = await post('', 'register-taken-over', body);
    expect(retry).toMatchObject({ status: 409, body: { code: 'secret_not_replayed', endpointId } });
    expect(JSON.stringify(retry.body)).not.toContain('whsec_');
    const endpoints = await sql('select id from webhook_endpoints where tenant_id = $1', [brand.tenantId]);
    expect(endpoints.rows.map((r: { id: string }) => r.id)).toEqual([endpointId]);
    // The first secret still signs: the retry did not change it.
    const row = await t.deps.webhooks.endpoints.get({ kind: 'brand', tenantId: brand.tenantId }, endpointId);
    expect(t.deps.webhooks.endpoints.liveSecrets(row)).toEqual([first.body.secret]);
    const trail = await t.deps.eventStore.readStream(`webhook-${endpointId}`);
    expect(trail.map((e) => e.type)).toEqual(['WebhookEndpointRegistered']);
    // The retry's answer is recorded now: the next one is a replay, and says the same.
    const replay = await t.call('POST', '/api/admin/webhooks', { token: brand.token, body, headers: { ...FROM, 'idempotency-key': 'register-taken-over' } });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.json()).toMatchObject({ code: 'secret_not_replayed', endpointId });
  });

  it('answers the retry of a registration whose endpoint was deleted since as done, and registers one whose first run made nothing', async ({
    t,
    brand,
    post,
    sql,
    diedMidRequest,
  }) => {
    const body = { url: 'https://crm.takeover.example/deleted', eventTypes: ['order.placed'] };
    const first = await post('', 'register-then-deleted', body);
    expect(first.status).toBe(201);
    const endpointId = first.body.endpoint.id as string;
    expect((await json(t.call('DELETE', `/api/admin/webhooks/${endpointId}`, { token: brand.token }))).status).toBe(200);
    await diedMidRequest('register-then-deleted', 61);

    const retry = await post('', 'register-then-deleted', body);
    expect(retry).toMatchObject({ status: 409, body: { code: 'secret_not_replayed', endpointId } });
    expect((await sql('select count(*)::int as n from webhook_endpoints where url = $1', [body.url])).rows[0].n).toBe(0);
    const trail = await t.deps.eventStore.readStream(`webhook-${endpointId}`);
    expect(trail.map((e) => e.type)).toEqual(['WebhookEndpointRegistered', 'WebhookEndpointDeleted']);

    // A claim left by a process that died before registering anything (the key claimed, no endpoint):
    // its retry registers the endpoint.
    await sql(
      `insert into idempotency_keys (scope, key, request_hash, claimed_at)
       select scope, 'register-died-early', request_hash, now() - interval '2 minutes' from idempotency_keys where key = 'register-then-deleted'`,
    );
    const early = await post('', 'register-died-early', body);
    expect(early.status).toBe(201);
    expect(early.body.secret).toMatch(/^whsec_/);
    expect((await sql('select count(*)::int as n from webhook_endpoints where url = $1 and tenant_id = $2', [body.url, brand.tenantId])).rows[0].n).toBe(1);
  });

  it('rotates once: the retry answers as a replay would, and the secret before the rotation keeps signing for its day', async ({
    t,
    brand,
    post,
    diedMidRequest,
  }) => {
    const made = await post('', 'register-for-rotation', { url: 'https://crm.takeover.example/rotated', eventTypes: ['order.placed'] });
    const endpointId = made.body.endpoint.id as string;
    const rotated = await post(`/${endpointId}/rotate-secret`, 'rotate-taken-over');
    expect(rotated.status).toBe(200);
    await diedMidRequest('rotate-taken-over', 61);

    const retry = await post(`/${endpointId}/rotate-secret`, 'rotate-taken-over');
    expect(retry).toMatchObject({ status: 409, body: { code: 'secret_not_replayed', endpointId } });
    const row = await t.deps.webhooks.endpoints.get({ kind: 'brand', tenantId: brand.tenantId }, endpointId);
    // A second rotation would have dropped the registration's secret (the receiver's) at once.
    expect(t.deps.webhooks.endpoints.liveSecrets(row)).toEqual([rotated.body.secret, made.body.secret]);
    const trail = await t.deps.eventStore.readStream(`webhook-${endpointId}`);
    expect(trail.map((e) => e.type)).toEqual(['WebhookEndpointRegistered', 'WebhookSecretRotated']);
  });

  it('redelivers once: the retry sends nothing more and records no second request', async ({ t, brand, post, sql, diedMidRequest }) => {
    // Nothing listens there: each attempt is refused at once.
    const made = await post('', 'register-for-redelivery', { url: 'http://127.0.0.1:9/redelivered', eventTypes: ['order.placed'] });
    const endpointId = made.body.endpoint.id as string;
    const deliveryId = randomUUID();
    await sql(
      `insert into webhook_deliveries (id, endpoint_id, tenant_id, event_id, event_type, body, state, attempts)
       values ($1, $2, $3, $4, 'order.placed', '{}', 'failed', 3)`,
      [deliveryId, endpointId, brand.tenantId, randomUUID()],
    );
    expect((await post(`/deliveries/${deliveryId}/redeliver`, 'redeliver-taken-over')).status).toBe(202);
    const attempted = await waitFor('the redelivered attempt', async () => {
      const rows = await sql('select count(*)::int as n from webhook_attempts where delivery_id = $1', [deliveryId]);
      return rows.rows[0].n === 1 ? true : null;
    });
    expect(attempted).toBe(true);
    const before = (await sql('select updated_at, attempts from webhook_deliveries where id = $1', [deliveryId])).rows[0];
    await diedMidRequest('redeliver-taken-over', 61);

    expect((await post(`/deliveries/${deliveryId}/redeliver`, 'redeliver-taken-over')).status).toBe(202);
    // Not reset for another manual attempt.
    expect((await sql('select updated_at, attempts from webhook_deliveries where id = $1', [deliveryId])).rows[0]).toEqual(before);
    const trail = await t.deps.eventStore.readStream(`webhook-${endpointId}`);
    expect(trail.map((e) => e.type)).toEqual(['WebhookEndpointRegistered', 'WebhookRedeliveryRequested']);
  });

  it('rotates on the retry of a rotation whose event was appended but whose transaction did not commit (review 16, F1)', async ({ t, brand, post, sql }) => {
    const made = await post('', 'register-for-failed-rotation', { url: 'https://crm.takeover.example/failed-rotation', eventTypes: ['order.placed'] });
    const endpointId = made.body.endpoint.id as string;
    // The rotation's WebhookSecretRotated is appended (the store commits on its own), then its COMMIT fails.
    expect(
      (await whileFailing(failCommitOnce(sql, 'webhook_endpoints', 'update'), () => post(`/${endpointId}/rotate-secret`, 'rotate-not-committed'))).status,
    ).toBe(500);
    const scope = { kind: 'brand' as const, tenantId: brand.tenantId };
    expect(t.deps.webhooks.endpoints.liveSecrets(await t.deps.webhooks.endpoints.get(scope, endpointId))).toEqual([made.body.secret]);

    // Before: 409 secret_not_replayed, nothing rotated, the registration's secret signing with no end.
    const retry = await post(`/${endpointId}/rotate-secret`, 'rotate-not-committed');
    expect(retry.status).toBe(200);
    expect(retry.body.secret).toMatch(/^whsec_/);
    const row = await t.deps.webhooks.endpoints.get(scope, endpointId);
    expect(t.deps.webhooks.endpoints.liveSecrets(row)).toEqual([retry.body.secret, made.body.secret]);
    expect(row.previous_valid_until).not.toBeNull();
    // The trail says too much rather than too little: the first run's event, which never took effect, and the retry's.
    const trail = await t.deps.eventStore.readStream(`webhook-${endpointId}`);
    expect(trail.map((e) => e.type)).toEqual(['WebhookEndpointRegistered', 'WebhookSecretRotated', 'WebhookSecretRotated']);
  });

  it('rotates on the retry of a rotation that did not commit when another request rotated in between (review 18)', async ({ t, brand, post, sql }) => {
    const made = await post('', 'register-rotated-between', { url: 'https://crm.takeover.example/rotated-between', eventTypes: ['order.placed'] });
    const endpointId = made.body.endpoint.id as string;
    expect(
      (await whileFailing(failCommitOnce(sql, 'webhook_endpoints', 'update'), () => post(`/${endpointId}/rotate-secret`, 'rotate-cut-first'))).status,
    ).toBe(500);
    const between = await post(`/${endpointId}/rotate-secret`, 'rotate-in-between');
    expect(between.status).toBe(200);

    // Before: 409 secret_not_replayed, taking the other request's rotation on the row for its own.
    const retry = await post(`/${endpointId}/rotate-secret`, 'rotate-cut-first');
    expect(retry.status).toBe(200);
    const scope = { kind: 'brand' as const, tenantId: brand.tenantId };
    expect(t.deps.webhooks.endpoints.liveSecrets(await t.deps.webhooks.endpoints.get(scope, endpointId))).toEqual([retry.body.secret, between.body.secret]);
  });

  it('rotates once for one request run twice with neither run marked a re-run (a first run paused past its lease, its takeover rotating meanwhile)', async ({
    t,
    brand,
    post,
  }) => {
    const made = await post('', 'register-paused-rotation', { url: 'https://crm.takeover.example/paused', eventTypes: ['order.placed'] });
    const endpointId = made.body.endpoint.id as string;
    const scope = { kind: 'brand' as const, tenantId: brand.tenantId };
    // One request's two runs, as the service sees them: the same idempotencyId, no `rerun` on either.
    const metadata = { ...systemMetadata(brand.tenantId, 'paused-test'), idempotencyId: randomUUID() };
    const first = await t.deps.webhooks.endpoints.rotate(scope, endpointId, metadata);
    await expect(t.deps.webhooks.endpoints.rotate(scope, endpointId, metadata)).rejects.toBeInstanceOf(SecretAlreadyIssued);
    expect(t.deps.webhooks.endpoints.liveSecrets(await t.deps.webhooks.endpoints.get(scope, endpointId))).toEqual([first.secret, made.body.secret]);
  });

  it("keeps an endpoint's keyed rotations two days, pruned by its own next keyed rotation only", async ({ t, brand, post, sql }) => {
    const [one, other] = await Promise.all(
      ['prune-one', 'prune-other'].map(
        async (name) =>
          (await post('', `register-${name}`, { url: `https://crm.takeover.example/${name}`, eventTypes: ['order.placed'] })).body.endpoint.id as string,
      ),
    );
    const scope = { kind: 'brand' as const, tenantId: brand.tenantId };
    const keyed = () => ({ ...systemMetadata(brand.tenantId, 'prune-test'), idempotencyId: randomUUID() });
    const threeDaysAgo = new Date(Date.now() - 3 * 24 * 60 * 60 * 1000);
    await t.deps.webhooks.endpoints.rotate(scope, one!, keyed(), threeDaysAgo);
    await t.deps.webhooks.endpoints.rotate(scope, other!, keyed(), threeDaysAgo);
    await t.deps.webhooks.endpoints.rotate(scope, one!, keyed());
    const kept = async (endpointId: string) =>
      (await sql('select count(*)::int as n from webhook_rotations where endpoint_id = $1', [endpointId])).rows[0].n as number;
    // The first endpoint's old rotation went with its new one; the other endpoint's waits for its own.
    expect([await kept(one!), await kept(other!)]).toEqual([1, 1]);
  });

  it("reads no endpoint's trail to rotate, on a first run or a re-run: a keyed rotation is kept with the row (review 16, F7)", async ({
    t,
    post,
    diedMidRequest,
  }) => {
    const made = await post('', 'register-read-once', { url: 'https://crm.takeover.example/read-once', eventTypes: ['order.placed'] });
    const endpointId = made.body.endpoint.id as string;
    const reads = vi.spyOn(t.deps.eventStore, 'readStream');
    try {
      expect((await post(`/${endpointId}/rotate-secret`, 'rotate-read-once')).status).toBe(200);
      await diedMidRequest('rotate-read-once', 61);
      expect((await post(`/${endpointId}/rotate-secret`, 'rotate-read-once')).status).toBe(409);
      expect(reads.mock.calls.filter(([stream]) => stream === `webhook-${endpointId}`)).toHaveLength(0);
    } finally {
      reads.mockRestore();
    }
  });
});
