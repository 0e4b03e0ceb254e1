import { describe, expect } from 'vitest';
import { json } from '../../../tests/support/test-app';
import { it as withApp } from '../../../tests/support/app-fixtures';
import { createBrand, createBrandAdmin } from '../../../tests/support/brands';
import { DEFAULT_TENANT_ID } from './tenant-store';

const CONTACT = {
  supportPhone: '+91 98765 43210',
  supportEmail: 'help@sunrise.example',
  supportWhatsApp: 'https://wa.me/919876543210',
  supportHours: 'Every day, 9 am to 9 pm IST',
};
const NO_CONTACT = { phone: null, email: null, whatsappUrl: null, hours: null };

describe("a brand's support contact (decision 0035)", () => {
  let operator: string;
  let sunrise: { tenantId: string; token: string };
  let otherBrand: string;
  const it = withApp
    .extend(
      'call',
      ({ t }) =>
        (method: string, url: string, token: string | undefined, body?: unknown, host?: string) =>
          json(t.call(method, url, { token, body, headers: host ? { host } : {} })),
    )
    .extend(
      'profileEvents',
      ({ t }) =>
        async (tenantId: string) =>
          (await t.deps.eventStore.readStream(`tenant-${tenantId}`)).filter((e) => e.type === 'TenantProfileChanged') as unknown as {
            data: Record<string, unknown>;
            metadata: { actor: { id: string } };
          }[],
    );

  it.beforeAll(async ({ t }) => {
    operator = await t.adminToken();
    sunrise = await createBrandAdmin(t, 'sunrise.localhost', '+919700000001');
    otherBrand = await createBrand(t, 'moon.localhost');
  });

  it('shows no contact for a brand that gave none: nothing made up', async ({ call }) => {
    const config = await call('GET', '/api/config/public', undefined, undefined, 'sunrise.localhost');
    expect(config.status).toBe(200);
    expect(config.body.brand.support).toEqual(NO_CONTACT);
    expect((await call('GET', '/api/config/public', undefined)).body.brand.support).toEqual(NO_CONTACT);
  });

  it("lets a brand admin set their brand's contact, recorded as the brand's profile change by them, and shows it to the brand's visitors only", async ({
    call,
    profileEvents,
  }) => {
    const saved = await call('PUT', `/api/admin/brands/${sunrise.tenantId}/support-contact`, sunrise.token, CONTACT);
    expect(saved).toMatchObject({ status: 200, body: { tenantId: sunrise.tenantId, ...CONTACT, message: 'Support contact saved' } });
    const event = (await profileEvents(sunrise.tenantId)).at(-1);
    expect(event?.data).toMatchObject({ ...CONTACT, name: 'Brand sunrise.localhost', domain: 'sunrise.localhost' });
    expect(event?.metadata.actor.id).toBe((await call('GET', '/api/auth/me', sunrise.token, undefined, 'sunrise.localhost')).body._id);

    const config = await call('GET', '/api/config/public', undefined, undefined, 'sunrise.localhost');
    expect(config.body.brand.support).toEqual({
      phone: CONTACT.supportPhone,
      email: CONTACT.supportEmail,
      whatsappUrl: CONTACT.supportWhatsApp,
      hours: CONTACT.supportHours,
    });
    expect((await call('GET', '/api/config/public', undefined, undefined, 'moon.localhost')).body.brand.support).toEqual(NO_CONTACT);

    // A field left out stays; '' clears one.
    const cleared = await call('PUT', `/api/admin/brands/${sunrise.tenantId}/support-contact`, sunrise.token, { supportPhone: '' });
    expect(cleared.body).toMatchObject({ ...CONTACT, supportPhone: null });
    expect((await call('GET', `/api/admin/brands/${sunrise.tenantId}/support-contact`, sunrise.token)).body).toMatchObject({ ...CONTACT, supportPhone: null });
  });

  it('refuses a contact that is not what it says, in words, and changes nothing', async ({ call, profileEvents }) => {
    const before = (await profileEvents(sunrise.tenantId)).length;
    const refused = await call('PUT', `/api/admin/brands/${sunrise.tenantId}/support-contact`, sunrise.token, {
      supportPhone: 'call us',
      supportEmail: 'help at sunrise',
      supportWhatsApp: 'https://evil.example/wa.me/919876543210',
      supportHours: 'line one\nline two',
    });
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body.error).toBe('validation_error');
    expect(Object.fromEntries(refused.body.details.map((d: { path: string; message: string }) => [d.path, d.message]))).toEqual({
      supportPhone: 'Support phone must look like +91 98765 43210 (digits, spaces, dashes and a leading +)',
      supportEmail: 'Support email must look like help@example.com',
      supportWhatsApp: 'WhatsApp link must look like https://wa.me/919876543210 (the number with its country code)',
      supportHours: 'Support hours must be one line of text',
    });
    // Only the contact: a brand admin cannot rename their brand or move its domain this way.
    const renamed = await call('PUT', `/api/admin/brands/${sunrise.tenantId}/support-contact`, sunrise.token, { name: 'Sunset', domain: 'evil.example' });
    expect(renamed).toMatchObject({ status: 400, body: { error: 'validation_error', code: 'validation_error' } });
    expect(await call('PUT', `/api/admin/brands/${sunrise.tenantId}/support-contact`, sunrise.token, { supportHours: 'x'.repeat(81) })).toMatchObject({
      status: 400,
    });
    // Hours that would read backwards on the landing (a right-to-left override), or run over two lines (review 10, F2).
    for (const hours of ['9 to 5 \u202emodnar', 'Mon to Fri\u2028Sat', 'Mon\u2029Sun', 'zero\u200bwidth'])
      expect(await call('PUT', `/api/admin/brands/${sunrise.tenantId}/support-contact`, sunrise.token, { supportHours: hours })).toMatchObject({ status: 400 });
    expect((await profileEvents(sunrise.tenantId)).length).toBe(before);
  });

  it("keeps a brand admin to their own brand's contact (403, even for bad input), while an operator admin edits any", async ({ call, profileEvents }) => {
    const before = (await profileEvents(otherBrand)).length;
    for (const id of [otherBrand, DEFAULT_TENANT_ID]) {
      expect((await call('GET', `/api/admin/brands/${id}/support-contact`, sunrise.token)).status).toBe(403);
      expect((await call('PUT', `/api/admin/brands/${id}/support-contact`, sunrise.token, { supportPhone: '+91 90000 00000' })).status).toBe(403);
      expect((await call('PUT', `/api/admin/brands/${id}/support-contact`, sunrise.token, { supportPhone: 'bad' })).status).toBe(403);
    }
    expect((await profileEvents(otherBrand)).length).toBe(before);
    expect((await call('GET', '/api/admin/brands/not-a-brand/support-contact', operator)).status).toBe(404);
    const byOperator = await call('PUT', `/api/admin/brands/${otherBrand}/support-contact`, operator, { supportEmail: 'care@moon.example' });
    expect(byOperator).toMatchObject({ status: 200, body: { supportEmail: 'care@moon.example', supportPhone: null } });
    expect((await call('GET', '/api/config/public', undefined, undefined, 'moon.localhost')).body.brand.support).toMatchObject({ email: 'care@moon.example' });
  });

  it('answers bad bodies and ids with 400 or 404, never 500', async ({ t, call }) => {
    const url = `/api/admin/brands/${otherBrand}/support-contact`;
    const raw = (body: string) =>
      json(t.app.request(url, { method: 'PUT', body, headers: { authorization: `Bearer ${operator}`, 'content-type': 'application/json' } }));
    for (const body of ['{not json', '[]', 'null', '"text"', '{"supportPhone": {"a": 1}}', '{"supportHours": "\\u0000"}']) {
      expect((await raw(body)).status, body).toBe(400);
    }
    expect([400, 404]).toContain((await call('GET', '/api/admin/brands/%00/support-contact', operator)).status);
    expect((await call('PUT', '/api/admin/brands/no-such-brand/support-contact', operator, { supportHours: '24/7' })).status).toBe(404);
  });

  it('is part of the tenant form: set, shown and validated there, for the operator', async ({ t, call }) => {
    const form = new FormData();
    form.set('supportHours', '24/7');
    form.set('supportWhatsApp', 'https://wa.me/918000000000');
    const put = (body: FormData) =>
      json(t.app.request(`/api/admin/tenants/${otherBrand}`, { method: 'PUT', body, headers: { authorization: `Bearer ${operator}` } }));
    const saved = await put(form);
    expect(saved.status).toBe(200);
    expect(saved.body.tenant).toMatchObject({ supportHours: '24/7', supportWhatsApp: 'https://wa.me/918000000000', supportEmail: 'care@moon.example' });
    const bad = new FormData();
    bad.set('supportEmail', 'nope');
    expect(await put(bad)).toMatchObject({
      status: 400,
      body: {
        error: 'validation_error',
        code: 'validation_error',
        details: [{ path: 'supportEmail', message: 'Support email must look like help@example.com' }],
      },
    });
    const json2 = await call('PUT', `/api/admin/tenants/${otherBrand}`, operator, { supportPhone: '1800 123 4567' });
    expect(json2.body.tenant).toMatchObject({ supportPhone: '1800 123 4567', supportHours: '24/7' });
  });
});
