/**
 * Exports by the reference every screen shows (`ORD-…`), and the brands the compliance filters offer
 * by name (issue 29): a reference is found in the officer's scope; an unknown one, or another brand's,
 * is a 400 naming it the same way, and makes nothing.
 */
import { describe, expect } from 'vitest';
import { createCustomer, json } from '../support/test-app';
import { it as withApp } from '../support/app-fixtures';
import { createBrand } from '../support/brands';
import { createStaff } from '../support/desk-changes';
import { placeBuy } from '../support/place-orders';

const HOST = 'refs-brand.example';

interface Order {
  _id: string;
  refCode: string;
}

/**
 * The file's desk, made once for it (as its beforeAll did): a brand, the operator's and the brand's
 * officers, an order on each, and the two calls the tests make.
 */
const it = withApp.extend('desk', { scope: 'file' }, async ({ t }) => {
  const brandId = await createBrand(t, HOST, 'Sunrise');
  await createStaff(t, { phone: '+919171000009', password: 'compliance1', username: 'operator officer', roles: ['compliance'] });
  const officer = await t.login('+919171000009', 'compliance1');
  await createStaff(t, { phone: '+919171000019', password: 'compliance2', roles: ['compliance'], tenantId: brandId });
  const brandOfficer: string = (
    await json(t.call('POST', '/api/auth/login', { body: { phone: '+919171000019', password: 'compliance2' }, headers: { host: HOST } }))
  ).body.token;
  const operatorOrder: Order = (await placeBuy(t, await createCustomer(t, '+919171000001'))).body.order;
  const brandOrder: Order = (await placeBuy(t, await createCustomer(t, '+919171000002', 'secret1', { tenantId: brandId, host: HOST }), { host: HOST })).body
    .order;
  await t.project();
  const exportAs = (token: string, orderIds: string[]) =>
    json(t.call('POST', '/api/compliance/exports', { token, body: { orderIds }, headers: { host: token === brandOfficer ? HOST : 'localhost' } }));
  const exportCount = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('compliance_exports')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { brandId, officer, brandOfficer, operatorOrder, brandOrder, exportAs, exportCount };
});

describe('compliance exports by reference', () => {
  it('exports an order named by its reference, in any case, as the same export as by its id', async ({
    t,
    desk: { officer, operatorOrder, brandOrder, exportAs },
  }) => {
    const byId = await exportAs(officer, [operatorOrder._id]);
    const byReference = await exportAs(officer, [operatorOrder.refCode.toLowerCase()]);
    expect(byReference.status, JSON.stringify(byReference.body)).toBe(201);
    expect(byReference.body).toMatchObject({ eventCount: byId.body.eventCount, streamCount: 1 });
    // The file names the order by its id, as an export by id does.
    const header = JSON.parse((await (await t.app.request(byReference.body.url)).text()).split('\n')[0]!);
    expect(JSON.stringify(header)).toContain(operatorOrder._id);
    const both = await exportAs(officer, [operatorOrder.refCode, brandOrder._id]);
    expect(both.body).toMatchObject({ streamCount: 2 });
  });

  it('refuses a reference that names no order with a 400 naming it, and makes nothing', async ({ desk: { officer, operatorOrder, exportAs, exportCount } }) => {
    const before = await exportCount();
    const refused = await exportAs(officer, [operatorOrder.refCode, 'ORD-ZZZZZZZZZZ']);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      error: 'validation_error',
      code: 'validation_error',
      details: [{ path: 'orderIds.1', message: 'No order ORD-ZZZZZZZZZZ in your scope' }],
    });
    expect(await exportCount()).toBe(before);
  });

  it('refuses something that is neither a reference nor an id, naming it', async ({ desk: { officer, exportAs } }) => {
    const refused = await exportAs(officer, ['12345']);
    expect(refused.status).toBe(400);
    expect(refused.body.details[0].message).toBe('12345 is not an order reference (ORD-…) or an order id');
  });

  it("answers a brand's officer naming another brand's order exactly as it answers an unknown reference", async ({
    desk: { brandOfficer, brandOrder, operatorOrder, exportAs },
  }) => {
    expect((await exportAs(brandOfficer, [brandOrder.refCode])).status).toBe(201);
    const other = await exportAs(brandOfficer, [operatorOrder.refCode]);
    const unknown = await exportAs(brandOfficer, ['ORD-ZZZZZZZZZZ']);
    expect(other.status).toBe(400);
    expect(other.body).toEqual({ ...unknown.body, details: [{ path: 'orderIds.0', message: `No order ${operatorOrder.refCode} in your scope` }] });
    expect(unknown.body.details).toEqual([{ path: 'orderIds.0', message: 'No order ORD-ZZZZZZZZZZ in your scope' }]);
  });

  it('lists the brands an officer reads, by name: every brand for the operator’s, their own for a brand’s', async ({
    t,
    desk: { officer, brandOfficer, brandId },
  }) => {
    const all = await json(t.call('GET', '/api/compliance/brands', { token: officer }));
    expect(all.status).toBe(200);
    expect(all.body.brands).toEqual(expect.arrayContaining([{ _id: brandId, name: 'Sunrise' }, expect.objectContaining({ _id: 'default' })]));
    const own = await json(t.call('GET', '/api/compliance/brands', { token: brandOfficer, headers: { host: HOST } }));
    expect(own.body.brands).toEqual([{ _id: brandId, name: 'Sunrise' }]);
    expect((await t.call('GET', '/api/compliance/brands', { token: await t.adminToken() })).status).toBe(403);
    expect((await t.call('GET', '/api/compliance/brands')).status).toBe(401);
  });
});
