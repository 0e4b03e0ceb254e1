// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo } from '../../../test/fixtures';
import { renderAdmin } from '../layout/admin-test-kit';
import { WebhooksPage } from './webhooks-page';
import { DeliveryLogPage } from './delivery-log-page';

const EVENT_TYPES = [
  { type: 'order.placed', label: 'Order placed' },
  { type: 'order.completed', label: 'Order completed' },
  { type: 'order.rejected', label: 'Order rejected' },
];
const ENDPOINT = {
  id: '11111111-1111-4111-8111-111111111111',
  tenantId: 't-2',
  url: 'https://crm.example.com/desk',
  description: 'Our CRM',
  eventTypes: ['order.placed', 'order.completed'],
  enabled: true,
  previousSecretValidUntil: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  updatedAt: '2026-11-27T10:00:00.000Z',
};
const DELIVERY = {
  id: '22222222-2222-4222-8222-222222222222',
  endpointId: ENDPOINT.id,
  eventType: 'order.completed',
  orderId: '33333333-3333-4333-8333-333333333333',
  state: 'failed',
  attempts: 2,
  nextAttemptAt: null,
  lastStatus: 500,
  lastError: null,
  createdAt: '2026-11-27T10:05:00.000Z',
  updatedAt: '2026-11-27T10:06:00.000Z',
};
const pages = { webhooks: <WebhooksPage />, 'webhooks/:id': <DeliveryLogPage /> };

describe('the Webhooks screen', () => {
  it('adds an endpoint with the events ticked in plain words, and shows its secret once', async () => {
    const { calls } = renderAdmin(
      '/admin/webhooks',
      {
        'GET /api/admin/webhooks': { items: [], nextCursor: null, eventTypes: EVENT_TYPES },
        'POST /api/admin/webhooks': (body: unknown) => ({ status: 201, body: { endpoint: { ...ENDPOINT, ...(body as object) }, secret: 'whsec_shown-once' } }),
      },
      { as: 'brand', pages },
    );
    expect(await screen.findByText('No endpoints yet. Add one to start sending events.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const form = within(screen.getByRole('dialog', { name: 'Add endpoint' }));
    expect(form.queryByLabelText('Brand')).toBeNull();
    await userEvent.type(form.getByLabelText('Address'), ' https://crm.example.com/desk ');
    await userEvent.click(form.getByRole('checkbox', { name: 'Order rejected' }));
    await userEvent.click(form.getByRole('checkbox', { name: 'Order placed' }));
    await userEvent.type(form.getByLabelText('Description'), 'Our CRM');
    await userEvent.click(form.getByRole('button', { name: 'Add endpoint' }));

    const secret = within(await screen.findByRole('dialog', { name: 'Your signing secret' }));
    expect(secret.getByText('whsec_shown-once')).toBeTruthy();
    expect(secret.getByRole('button', { name: 'Copy the signing secret' })).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/admin/webhooks').map((c) => c.body)).toEqual([
      { url: 'https://crm.example.com/desk', eventTypes: ['order.placed', 'order.rejected'], description: 'Our CRM' },
    ]);
    await userEvent.click(secret.getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByText('whsec_shown-once')).toBeNull();
  });

  it("shows the server's refusal of the address under the field", async () => {
    renderAdmin(
      '/admin/webhooks',
      {
        'GET /api/admin/webhooks': { items: [], nextCursor: null, eventTypes: EVENT_TYPES },
        'POST /api/admin/webhooks': () => ({
          status: 400,
          body: {
            error: 'validation_error',
            code: 'validation_error',
            details: [{ path: 'url', message: 'Plain http:// is allowed only to this machine (localhost); use https://' }],
          },
        }),
      },
      { as: 'brand', pages },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const form = within(screen.getByRole('dialog', { name: 'Add endpoint' }));
    await userEvent.type(form.getByLabelText('Address'), 'http://example.com');
    await userEvent.click(form.getByRole('checkbox', { name: 'Order placed' }));
    await userEvent.click(form.getByRole('button', { name: 'Add endpoint' }));
    const message = await form.findByText('Plain http:// is allowed only to this machine (localhost); use https://');
    expect(form.getByLabelText('Address').getAttribute('aria-describedby')).toContain(message.id);
  });

  it('lists an endpoint with its events in words, rotates its secret and turns it off', async () => {
    const { calls } = renderAdmin(
      '/admin/webhooks',
      {
        'GET /api/admin/webhooks': { items: [ENDPOINT], nextCursor: null, eventTypes: EVENT_TYPES },
        [`POST /api/admin/webhooks/${ENDPOINT.id}/rotate-secret`]: { secret: 'whsec_new', previousValidUntil: '2026-11-28T10:00:00.000Z' },
        [`PUT /api/admin/webhooks/${ENDPOINT.id}`]: { endpoint: { ...ENDPOINT, enabled: false } },
      },
      { as: 'brand', pages },
    );
    const card = within(await screen.findByRole('article', { name: ENDPOINT.url }));
    expect(card.getByText('Order placed, Order completed')).toBeTruthy();
    await userEvent.click(card.getByRole('button', { name: `New secret for ${ENDPOINT.url}` }));
    const secret = within(await screen.findByRole('dialog', { name: 'Your signing secret' }));
    expect(secret.getByText('whsec_new')).toBeTruthy();
    expect(secret.getByText(/The previous secret keeps signing beside this one until/)).toBeTruthy();
    await userEvent.click(secret.getByRole('button', { name: 'I have copied it' }));
    await userEvent.click(card.getByRole('button', { name: `Turn off ${ENDPOINT.url}` }));
    expect(await screen.findByText('Endpoint turned off')).toBeTruthy();
    expect(callsTo(calls, 'PUT', `/api/admin/webhooks/${ENDPOINT.id}`).map((c) => c.body)).toEqual([{ enabled: false }]);
  });

  it("shows an endpoint's delivery log with each attempt, and redelivers", async () => {
    const { calls } = renderAdmin(
      `/admin/webhooks/${ENDPOINT.id}`,
      {
        'GET /api/admin/webhooks': { items: [ENDPOINT], nextCursor: null, eventTypes: EVENT_TYPES },
        [`GET /api/admin/webhooks/${ENDPOINT.id}/deliveries`]: { items: [DELIVERY], nextCursor: null },
        [`GET /api/admin/webhooks/deliveries/${DELIVERY.id}`]: {
          delivery: { ...DELIVERY, body: '{"id":"x"}' },
          attempts: [
            { number: 2, manual: false, attemptedAt: '2026-11-27T10:06:00.000Z', durationMs: 40, statusCode: 500, error: null, responseExcerpt: 'oops' },
            {
              number: 1,
              manual: false,
              attemptedAt: '2026-11-27T10:05:00.000Z',
              durationMs: 10,
              statusCode: null,
              error: 'ECONNREFUSED: connect',
              responseExcerpt: '',
            },
          ],
        },
        [`POST /api/admin/webhooks/deliveries/${DELIVERY.id}/redeliver`]: () => ({ status: 202, body: { message: 'Redelivery queued' } }),
      },
      { as: 'brand', pages },
    );
    const row = (await screen.findByRole('rowheader', { name: 'Order completed' })).closest('tr')!;
    expect(within(row).getByText('Failed')).toBeTruthy();
    await userEvent.click(within(row).getByRole('button', { name: 'Attempts' }));
    const attempts = within(await screen.findByRole('region', { name: 'Order completed: attempts' }));
    expect(await attempts.findByText('Answered 500')).toBeTruthy();
    expect(attempts.getByText('No answer: ECONNREFUSED: connect')).toBeTruthy();
    await userEvent.click(attempts.getByRole('button', { name: 'Redeliver' }));
    expect(await screen.findByText('Sending again')).toBeTruthy();
    expect(callsTo(calls, 'POST', `/api/admin/webhooks/deliveries/${DELIVERY.id}/redeliver`)).toHaveLength(1);
  });
});
