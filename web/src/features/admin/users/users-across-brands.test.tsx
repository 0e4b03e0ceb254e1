// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, optionTexts } from '../../../test/fixtures';
import { ADMIN_ME, expectEveryBrandIn, lastQuery, renderAdmin } from '../layout/admin-test-kit';
import { openAddUser, renderUsers, user } from './users-test-kit';
import type { AdminUser } from './users-api';
import { waitingAnswer } from '../changes/changes-test-kit';

const alpha = user(1, { username: 'asha' });
const beta = user(2, { username: 'ravi', tenantId: 't-2', brand: { _id: 't-2', name: 'Beta Desk' } });
const betaAdmin = user(3, { username: 'meera', tenantId: 't-2', brand: { _id: 't-2', name: 'Beta Desk' }, roles: ['admin'], adminScope: 'brand' });
const me = user(9, {
  _id: ADMIN_ME._id,
  username: 'ops',
  tenantId: 'default',
  brand: { _id: 'default', name: 'USDT Desk' },
  roles: ['admin'],
  adminScope: 'all_brands',
});

const detailsOf = async (name: string) => {
  await userEvent.click(await screen.findByRole('button', { name: `View Details of ${name}` }));
  return within(screen.getByRole('dialog', { name: 'User Details' }));
};
const detail = (dialog: ReturnType<typeof within>, label: string) => dialog.getByText(label, { selector: 'dt' }).nextElementSibling;
/** From a user's details, asks for a role change: the confirm step says what it will mean, and is confirmed. Answers the details. */
const changeRole = async (name: string, action: string, means: string) => {
  const dialog = await detailsOf(name);
  await userEvent.click(dialog.getByRole('button', { name: action }));
  const confirm = within(screen.getByRole('dialog', { name: action }));
  expect(confirm.getByText(means)).toBeTruthy();
  await userEvent.click(confirm.getByRole('button', { name: action }));
  return dialog;
};

describe('users across brands: operator admin', () => {
  it("shows each user's brand, and lists one brand's users once chosen (kept in the address)", async () => {
    const { calls, router } = renderAdmin('/admin/users', {
      'GET /api/admin/users': (_body: unknown, url: URL) => {
        const users = [alpha, beta].filter((u) => !url.searchParams.get('tenantId') || u.tenantId === url.searchParams.get('tenantId'));
        return { status: 200, body: { users, total: users.length } };
      },
    });
    expect(within((await screen.findByText('asha')).closest('tr')!).getByText('Alpha Desk')).toBeTruthy();
    expect(within(screen.getByText('ravi').closest('tr')!).getByText('Beta Desk')).toBeTruthy();
    expect(lastQuery(calls, '/api/admin/users')).toEqual({});
    const brand = screen.getByLabelText<HTMLSelectElement>('Brand');
    await expectEveryBrandIn(brand);
    await userEvent.selectOptions(brand, 'Beta Desk');
    expect(router.state.location.search).toBe('?tenantId=t-2');
    await waitFor(() => expect(screen.queryByText('asha')).toBeNull());
    expect(screen.getByText('ravi')).toBeTruthy();
    expect(lastQuery(calls, '/api/admin/users')).toEqual({ tenantId: 't-2' });
  });

  it('creates an admin of a chosen brand; the brand shown in the list is preselected', async () => {
    const { calls } = renderAdmin('/admin/users?tenantId=t-1', {
      'GET /api/admin/users': { users: [alpha], total: 1 },
      'POST /api/admin/users': () => ({ status: 201, body: { user: betaAdmin, message: 'User created successfully' } }),
    });
    const dialog = await openAddUser();
    const role = dialog.getByLabelText<HTMLSelectElement>('Role');
    expect(optionTexts(role)).toEqual(['User', 'Admin', 'Compliance officer']);
    expect(role.value).toBe('user');
    const brand = dialog.getByLabelText<HTMLSelectElement>('Brand');
    await waitFor(() => expect(optionTexts(brand)).toEqual(['USDT Desk', 'Alpha Desk', 'Beta Desk']));
    expect(brand.value).toBe('t-1');
    await userEvent.type(dialog.getByLabelText('Phone'), '+919833333333');
    await userEvent.type(dialog.getByLabelText('Password'), 'secret1');
    await userEvent.selectOptions(role, 'Admin');
    await userEvent.selectOptions(brand, 'Beta Desk');
    await userEvent.click(dialog.getByRole('button', { name: 'Create User' }));
    expect(await screen.findByText('User created successfully')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/admin/users').map((c) => c.body)).toEqual([
      { phone: '+919833333333', password: 'secret1', roles: ['admin'], tenantId: 't-2' },
    ]);
  });

  it('grants the admin role after saying what it means, and the details show it', async () => {
    let users: AdminUser[] = [beta];
    const { calls } = renderAdmin('/admin/users', {
      'GET /api/admin/users': () => ({ status: 200, body: { users, total: users.length } }),
      [`PUT /api/admin/users/${beta._id}/roles`]: (body: unknown) => {
        users = [{ ...beta, roles: (body as { roles: string[] }).roles, adminScope: 'brand' }];
        return { status: 200, body: { user: users[0], message: 'Roles updated' } };
      },
    });
    const dialog = await changeRole('ravi', 'Make Admin', 'ravi will be an admin of the brand Beta Desk only (a brand admin).');
    expect(detail(dialog, 'Brand')?.textContent).toBe('Beta Desk');
    expect(await screen.findByText('Roles updated')).toBeTruthy();
    expect(callsTo(calls, 'PUT', `/api/admin/users/${beta._id}/roles`).map((c) => c.body)).toEqual([{ roles: ['admin'] }]);
    expect(screen.queryByRole('dialog', { name: 'Make Admin' })).toBeNull();
    await waitFor(() => expect(within(detail(dialog, 'Roles') as HTMLElement).getByText('admin')).toBeTruthy());
    expect(dialog.getByRole('button', { name: 'Remove Admin Role' })).toBeTruthy();
  });

  it('makes a user a compliance officer, keeping their other roles, and says what the role does', async () => {
    const regular = user(5, { username: 'asha', tenantId: 'default', brand: { _id: 'default', name: 'USDT Desk' }, roles: [] });
    let users = [regular];
    const { calls } = renderUsers(users, {
      'GET /api/admin/users': () => ({ status: 200, body: { users, total: users.length } }),
      [`PUT /api/admin/users/${regular._id}/roles`]: (body: unknown) => {
        users = [{ ...regular, roles: (body as { roles: string[] }).roles }];
        return { status: 200, body: { user: users[0], message: 'Roles updated' } };
      },
    });
    const dialog = await changeRole(
      'asha',
      'Make Compliance Officer',
      'asha will be a compliance officer of every brand, reading every order and the audit trail and acting on nothing.',
    );
    expect(await screen.findByText('Roles updated')).toBeTruthy();
    expect(callsTo(calls, 'PUT', `/api/admin/users/${regular._id}/roles`).map((c) => c.body)).toEqual([{ roles: ['compliance'] }]);
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Remove Compliance Role' })).toBeTruthy());
    expect(dialog.getByRole('button', { name: 'Make Admin' })).toBeTruthy();
  });

  it("says an admin of the operator's own brand runs every brand, and sends nothing when cancelled", async () => {
    const regular = user(4, { username: 'kiran', tenantId: 'default', brand: { _id: 'default', name: 'USDT Desk' } });
    const { calls } = renderUsers([regular]);
    const dialog = await detailsOf('kiran');
    await userEvent.click(dialog.getByRole('button', { name: 'Make Admin' }));
    const confirm = within(screen.getByRole('dialog', { name: 'Make Admin' }));
    expect(confirm.getByText('kiran will be an admin of every brand (an operator admin).')).toBeTruthy();
    await userEvent.click(confirm.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Make Admin' })).toBeNull();
    expect(callsTo(calls, 'PUT', `/api/admin/users/${regular._id}/roles`)).toHaveLength(0);
  });

  it("removes the admin role, and shows the server's refusal as it is", async () => {
    const { calls } = renderUsers([betaAdmin, me], {
      [`PUT /api/admin/users/${betaAdmin._id}/roles`]: () => ({
        status: 200,
        body: { user: { ...betaAdmin, roles: [], adminScope: null }, message: 'Roles updated' },
      }),
      [`PUT /api/admin/users/${me._id}/roles`]: () => ({ status: 409, body: { error: 'You cannot remove your own admin role', code: 'own_admin_role' } }),
    });
    let dialog = await changeRole('meera', 'Remove Admin Role', 'meera will no longer be an admin of Beta Desk.');
    expect(await screen.findByText('Roles updated')).toBeTruthy();
    expect(callsTo(calls, 'PUT', `/api/admin/users/${betaAdmin._id}/roles`).map((c) => c.body)).toEqual([{ roles: [] }]);
    await userEvent.click(dialog.getByRole('button', { name: 'Close' }));

    dialog = await detailsOf('ops');
    await userEvent.click(dialog.getByRole('button', { name: 'Remove Admin Role' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Remove Admin Role' })).getByRole('button', { name: 'Remove Admin Role' }));
    expect(await screen.findByText('You cannot remove your own admin role')).toBeTruthy();
    expect(within(detail(dialog, 'Roles') as HTMLElement).getByText('admin')).toBeTruthy();
  });
});

describe('users: brand admin', () => {
  it('has no Brand column or filter, and creates regular users of their brand (no role, no brand sent)', async () => {
    const { calls } = renderUsers(
      [beta],
      { 'POST /api/admin/users': () => ({ status: 201, body: { user: beta, message: 'User created successfully' } }) },
      'brand',
    );
    expect(await screen.findByText('ravi')).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: 'Brand' })).toBeNull();
    expect(screen.queryByLabelText('Brand')).toBeNull();
    const dialog = await openAddUser();
    expect(dialog.queryByLabelText('Role')).toBeNull();
    expect(dialog.queryByLabelText('Brand')).toBeNull();
    await userEvent.type(dialog.getByLabelText('Phone'), '+919844444444');
    await userEvent.type(dialog.getByLabelText('Password'), 'secret1');
    await userEvent.click(dialog.getByRole('button', { name: 'Create User' }));
    expect(await screen.findByText('User created successfully')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/admin/users').map((c) => c.body)).toEqual([{ phone: '+919844444444', password: 'secret1' }]);
    expect(lastQuery(calls, '/api/admin/users')).toEqual({});
    expect(callsTo(calls, 'GET', '/api/admin/tenants')).toHaveLength(0);
  });

  it("shows a user's brand in the details but offers no role change", async () => {
    renderUsers([betaAdmin], {}, 'brand');
    const dialog = await detailsOf('meera');
    expect(detail(dialog, 'Brand')?.textContent).toBe('Beta Desk');
    expect(dialog.queryByRole('button', { name: 'Remove Admin Role' })).toBeNull();
    expect(dialog.queryByRole('button', { name: 'Make Admin' })).toBeNull();
  });

  it('says an account with a staff role waits for a second admin, with a link to the request', async () => {
    const answer = waitingAnswer();
    renderAdmin('/admin/users', { 'GET /api/admin/users': { users: [beta], total: 1 }, 'POST /api/admin/users': () => answer });
    await userEvent.click(await screen.findByRole('button', { name: '+ Add User' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add User' }));
    await userEvent.type(dialog.getByLabelText('Phone'), '+919833333334');
    await userEvent.type(dialog.getByLabelText('Password'), 'secret1');
    await userEvent.selectOptions(dialog.getByLabelText('Role'), 'Admin');
    await userEvent.click(dialog.getByRole('button', { name: 'Create User' }));
    const waiting = within(await screen.findByRole('dialog', { name: 'Add User' }));
    expect(await waiting.findByText('Waiting for a second admin')).toBeTruthy();
    expect(waiting.getByRole('link', { name: 'See the request' }).getAttribute('href')).toBe(`/admin/changes/${answer.body.change._id}`);
    expect(screen.queryByText('User created successfully')).toBeNull();
  });

  it('says a role grant waits for a second admin instead of updating the roles', async () => {
    const answer = waitingAnswer();
    renderAdmin('/admin/users', { 'GET /api/admin/users': { users: [beta], total: 1 }, [`PUT /api/admin/users/${beta._id}/roles`]: () => answer });
    const dialog = await detailsOf('ravi');
    await userEvent.click(dialog.getByRole('button', { name: 'Make Admin' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Make Admin' })).getByRole('button', { name: 'Make Admin' }));
    expect(await dialog.findByText('Waiting for a second admin')).toBeTruthy();
    expect(screen.queryByText('Roles updated')).toBeNull();
    expect(within(detail(dialog, 'Roles') as HTMLElement).queryByText('admin')).toBeNull();
  });
});
