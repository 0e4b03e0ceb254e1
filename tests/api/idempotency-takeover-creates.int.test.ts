import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, vi } from 'vitest';
import { createCustomer, json } from '../support/test-app';
import { it as withApp } from '../support/app-fixtures';
import { confirmPending } from '../support/desk-changes';
import { bankAccountId } from '../../machines/src/reconciliation/bank-account-id';
import { bankAccountStream } from '../../services/src/reconciliation/statement-imports';
import { failCommitOnce, failRowOnce, whileFailing } from '../support/fail-once';
import { hdfcStatement } from '../support/hdfc-statement';
import { logger } from '../../platform/src/logging/logger';

const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const BANK = { bankName: 'State Bank of India', accountHolder: 'Ravi Kumar', accountNumber: '30012345678', ifsc: 'sbin0001234' };

/**
 * Commands that make a new thing, run again after their Idempotency-Key was taken over (decision
 * 0062): the first run carried out, its answer never recorded (its process killed), the client's
 * retry a minute later. "Died" is made as idempotency-healing.int.test.ts makes it: the answer taken
 * back off the key's row and its last renewal a minute back.
 */
const it = withApp
  .extend('customer', { scope: 'file' }, async ({ t }) => createCustomer(t, '+919600000081'))
  .extend(
    'keyedPost',
    ({ t }) =>
      (path: string, token: string, key: string, body: unknown) =>
        json(t.call('POST', path, { token, body, headers: { 'idempotency-key': key } })),
  )
  .extend('trailOf', ({ t }) => async (userToken: string, type: string) => {
    const me = await json(t.call('GET', '/api/auth/me', { token: userToken }));
    const id = (me.body.user?._id ?? me.body._id) as string;
    return (await t.deps.eventStore.readStream(`user-${id}`)).filter((e) => e.type === type);
  });

describe('a command that makes something, run again after a takeover', () => {
  it('saves one bank account, answered as the first run was', async ({ customer, keyedPost, sql, diedMidRequest, trailOf }) => {
    const first = await keyedPost('/api/user/bank-account', customer, 'bank-taken-over', BANK);
    expect(first.status).toBe(201);
    await diedMidRequest('bank-taken-over');
    const retry = await keyedPost('/api/user/bank-account', customer, 'bank-taken-over', BANK);
    expect(retry).toMatchObject({ status: 201, body: { account: { _id: first.body.account._id } } });
    expect((await sql('select count(*)::int as n from user_bank_accounts where account_number = $1', [BANK.accountNumber])).rows[0].n).toBe(1);
    expect(await trailOf(customer, 'BankAccountAdded')).toHaveLength(1);
  });

  it('does not bring back a bank account removed after its first run', async ({ t, customer, keyedPost, sql, diedMidRequest, trailOf }) => {
    const body = { ...BANK, accountNumber: '30099999999' };
    const first = await keyedPost('/api/user/bank-account', customer, 'bank-then-removed', body);
    expect(first.status).toBe(201);
    const id = first.body.account._id as string;
    expect((await json(t.call('DELETE', `/api/user/bank-account/${id}`, { token: customer }))).status).toBe(200);
    await diedMidRequest('bank-then-removed');
    const retry = await keyedPost('/api/user/bank-account', customer, 'bank-then-removed', body);
    // Answered as its first run was; not saved again.
    expect(retry).toMatchObject({ status: 201, body: { account: { _id: id, accountNumber: body.accountNumber } } });
    expect((await sql('select count(*)::int as n from user_bank_accounts where account_number = $1', [body.accountNumber])).rows[0].n).toBe(0);
    expect((await trailOf(customer, 'BankAccountAdded')).filter((e) => (e.data as { bankAccountId: string }).bankAccountId === id)).toHaveLength(1);
  });

  it('saves one wallet, and answers the retry with it rather than wallet_exists', async ({ customer, keyedPost, sql, diedMidRequest, trailOf }) => {
    const body = { address: TRON, network: 'TRC20', isDefault: true };
    const first = await keyedPost('/api/user/wallet', customer, 'wallet-taken-over', body);
    expect(first.status).toBe(201);
    await diedMidRequest('wallet-taken-over');
    const retry = await keyedPost('/api/user/wallet', customer, 'wallet-taken-over', body);
    expect(retry).toMatchObject({ status: 201, body: { wallet: { _id: first.body.wallet._id, address: TRON } } });
    expect((await sql('select count(*)::int as n from user_wallets where address = $1', [TRON])).rows[0].n).toBe(1);
    expect(await trailOf(customer, 'WalletAdded')).toHaveLength(1);
  });

  it('creates one brand and asks for its domain once', async ({ t, admin, sql, diedMidRequest }) => {
    const create = () => {
      const form = new FormData();
      form.set('name', 'Takeover Brand');
      form.set('domain', 'takeover-brand.example');
      const headers = { authorization: `Bearer ${admin}`, 'idempotency-key': 'brand-taken-over' };
      return json(t.app.request('/api/admin/tenants', { method: 'POST', body: form, headers }));
    };
    const brands = async () => (await sql('select count(*)::int as n from brand_registry')).rows[0].n as number;
    const first = await create();
    expect(first.status).toBe(201);
    expect(first.body.domainChange).not.toBeNull();
    const before = await brands();
    await diedMidRequest('brand-taken-over');
    const retry = await create();
    expect(retry).toMatchObject({ status: 201, body: { tenant: { _id: first.body.tenant._id }, domainChange: { _id: first.body.domainChange._id } } });
    expect(await brands()).toBe(before);
    const asked = await sql(`select count(*)::int as n from es_events where event_type = 'DeskChangeRequested' and data::text like '%takeover-brand.example%'`);
    expect(asked.rows[0].n).toBe(1);
  });

  it('asks once for a staff account that waits for a second admin', async ({ admin, keyedPost, sql, diedMidRequest }) => {
    const body = { phone: '+919630000091', password: 'officer-pass', roles: ['compliance'] };
    const first = await keyedPost('/api/admin/users', admin, 'staff-taken-over', body);
    expect(first.status).toBe(202);
    await diedMidRequest('staff-taken-over');
    const retry = await keyedPost('/api/admin/users', admin, 'staff-taken-over', body);
    expect(retry).toMatchObject({ status: 202, body: { change: { _id: first.body.change._id } } });
    const asked = await sql(`select count(*)::int as n from es_events where event_type = 'DeskChangeRequested' and data::text like '%+919630000091%'`);
    expect(asked.rows[0].n).toBe(1);
  });

  it('records a bank statement once, its retry answered with the first import', async ({ t, admin, sql, diedMidRequest }) => {
    const HDFC = { bankName: 'HDFC Bank', accountName: 'Zen Desk Trading', accountNumber: '50100012345678', ifsc: 'HDFC0001234', isActive: true };
    const saved = await json(t.call('PUT', '/api/admin/tenants/default', { token: admin, body: { bankAccounts: [HDFC] } }));
    expect(saved.status).toBe(202);
    await confirmPending(t, saved.body.change._id);
    const accountId = bankAccountId('default', HDFC);
    const file = await readFile(path.join(import.meta.dirname, '../../services/src/reconciliation/statements/fixtures/csv-hdfc-withdrawal-deposit.csv'));
    const upload = () => {
      const form = new FormData();
      form.set('file', new File([file], 'statement.csv'));
      const headers = { authorization: `Bearer ${admin}`, 'idempotency-key': 'statement-taken-over' };
      return json(t.app.request(`/api/admin/bank-accounts/${accountId}/statements`, { method: 'POST', headers, body: form }));
    };
    const first = await upload();
    expect(first).toMatchObject({ status: 201, body: { statement: { newLineCount: 3 } } });
    await diedMidRequest('statement-taken-over');
    const retry = await upload();
    expect(retry).toMatchObject({ status: 201, body: { statement: { _id: first.body.statement._id, newLineCount: 3 } } });
    const imports = await sql(`select count(*)::int as n from es_events where stream_id = $1 and event_type = 'StatementImported'`, [
      bankAccountStream(accountId),
    ]);
    expect(imports.rows[0].n).toBe(1);
  });
});

/**
 * Review 16: a keyed request whose first run failed part-way (a 500), retried at once under the same
 * request id (the key released, keeping it), as a takeover after a death at the same point would.
 * The failure is a real one inside PostgreSQL, made once by a trigger (tests/support/fail-once.ts).
 */
describe('a command whose first run failed part-way, run again', () => {
  it('saves the wallet whose WalletAdded was appended but whose transaction did not commit (F2)', async ({ t, keyedPost, sql, trailOf }) => {
    const customer = await createCustomer(t, '+919600000082');
    const body = { address: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf', network: 'TRC20', isDefault: true };
    expect(
      (await whileFailing(failCommitOnce(sql, 'user_wallets', 'insert'), () => keyedPost('/api/user/wallet', customer, 'wallet-not-committed', body))).status,
    ).toBe(500);
    // Before: 201 "Wallet saved" with no row, and that answer recorded under the key.
    const retry = await keyedPost('/api/user/wallet', customer, 'wallet-not-committed', body);
    expect(retry).toMatchObject({ status: 201, body: { wallet: { address: body.address } } });
    expect((await sql('select id from user_wallets where address = $1', [body.address])).rows).toEqual([{ id: retry.body.wallet._id }]);
    expect((await json(t.call('GET', '/api/user/wallets', { token: customer }))).body.wallets).toHaveLength(1);
    // The first run's event, which never took effect, and the retry's.
    expect(await trailOf(customer, 'WalletAdded')).toHaveLength(2);
  });

  it('saves the bank account whose BankAccountAdded was appended but whose transaction did not commit (F2)', async ({ t, keyedPost, sql }) => {
    const customer = await createCustomer(t, '+919600000083');
    const body = { ...BANK, accountNumber: '30088888888' };
    expect(
      (await whileFailing(failCommitOnce(sql, 'user_bank_accounts', 'insert'), () => keyedPost('/api/user/bank-account', customer, 'bank-not-committed', body)))
        .status,
    ).toBe(500);
    const retry = await keyedPost('/api/user/bank-account', customer, 'bank-not-committed', body);
    expect(retry).toMatchObject({ status: 201, body: { account: { accountNumber: body.accountNumber } } });
    expect((await sql('select id from user_bank_accounts where account_number = $1', [body.accountNumber])).rows).toEqual([{ id: retry.body.account._id }]);
  });

  it("reads the customer's stream on a re-run only, not on a keyed first run (F7)", async ({ t, keyedPost, diedMidRequest }) => {
    const customer = await createCustomer(t, '+919600000084');
    const me = await json(t.call('GET', '/api/auth/me', { token: customer }));
    const stream = `user-${(me.body.user?._id ?? me.body._id) as string}`;
    const reads = vi.spyOn(t.deps.eventStore, 'readStream');
    try {
      const body = { ...BANK, accountNumber: '30077777777' };
      expect((await keyedPost('/api/user/bank-account', customer, 'bank-read-once', body)).status).toBe(201);
      expect(reads.mock.calls.filter(([read]) => read === stream)).toHaveLength(0);
      await diedMidRequest('bank-read-once');
      // The row is there: found by id, no trail read either.
      expect((await keyedPost('/api/user/bank-account', customer, 'bank-read-once', body)).status).toBe(201);
      expect(reads.mock.calls.filter(([read]) => read === stream)).toHaveLength(0);
    } finally {
      reads.mockRestore();
    }
  });

  it('imports a statement cut between its chunks once: the retry adds the missing lines under the first import and answers it (F3)', async ({
    t,
    admin,
    sql,
  }) => {
    const HDFC = { bankName: 'HDFC Bank', accountName: 'Zen Desk Trading', accountNumber: '50100012345678', ifsc: 'HDFC0001234', isActive: true };
    const saved = await json(t.call('PUT', '/api/admin/tenants/default', { token: admin, body: { bankAccounts: [HDFC] } }));
    // Saved already when the file's earlier statement test ran.
    if (saved.status === 202) await confirmPending(t, saved.body.change._id);
    const accountId = bankAccountId('default', HDFC);
    const stream = bankAccountStream(accountId);
    const file = hdfcStatement(600);
    const upload = () => {
      const form = new FormData();
      form.set('file', new File([file], 'statement.csv'));
      const headers = { authorization: `Bearer ${admin}`, 'idempotency-key': 'statement-cut' };
      return json(t.app.request(`/api/admin/bank-accounts/${accountId}/statements`, { method: 'POST', headers, body: form }));
    };
    // The account's stream may hold the earlier test's import (3 lines, other references).
    const held = (await sql(`select count(*)::int as n from es_events where stream_id = $1 and event_type = 'StatementLineRecorded'`, [stream])).rows[0].n;
    // The first chunk (500 events: the import and 499 lines) is appended; the second fails at its 2nd event.
    expect((await whileFailing(failRowOnce(sql, 'es_events', 'insert', { when: `new.stream_id = '${stream}'`, nth: 502 }), () => upload())).status).toBe(500);
    const retry = await upload();
    const imports = await sql(
      `select data->>'statementId' as id, (data->>'newLineCount')::int as new_lines from es_events where stream_id = $1 and event_type = 'StatementImported' and data->>'fileName' = 'statement.csv' and (data->>'lineCount')::int = 600`,
      [stream],
    );
    // Before: two StatementImported under the request (600, then 102 new lines), the retry answering 102.
    expect(imports.rows).toHaveLength(1);
    const first = imports.rows[0] as { id: string; new_lines: number };
    expect(retry).toMatchObject({ status: 201, body: { statement: { _id: first.id, lineCount: 600, newLineCount: 600 } } });
    const lines = await sql(
      `select data->>'statementId' as id, count(*)::int as n from es_events where stream_id = $1 and event_type = 'StatementLineRecorded' group by 1`,
      [stream],
    );
    expect(lines.rows.find((r: { id: string }) => r.id === first.id)).toEqual({ id: first.id, n: 600 });
    expect(lines.rows.reduce((sum: number, r: { n: number }) => sum + r.n, 0)).toBe(held + 600);
  });

  it('asks for a staff account whose password was kept but whose request was not recorded, and its cleanup failed (F4)', async ({ admin, keyedPost, sql }) => {
    const dropAppend = await failRowOnce(sql, 'es_events', 'insert', { when: `new.stream_id like 'desk-change-%'` });
    const dropCleanup = await failRowOnce(sql, 'desk_change_passwords', 'delete');
    const body = { phone: '+919630000092', password: 'officer-pass', roles: ['compliance'] };
    try {
      expect((await keyedPost('/api/admin/users', admin, 'staff-cut', body)).status).toBe(500);
    } finally {
      await dropAppend();
      await dropCleanup();
    }
    // Before: 500 (duplicate key on desk_change_passwords) to this and every later retry under the key.
    const retry = await keyedPost('/api/admin/users', admin, 'staff-cut', body);
    expect(retry.status).toBe(202);
    expect((await sql('select change_id from desk_change_passwords where change_id = $1', [retry.body.change._id])).rows).toHaveLength(1);
  });

  it('logs the retry after a 5xx at info, and a takeover (a lease that ran out) at warn (N1)', async ({ t, keyedPost, sql, diedMidRequest }) => {
    const customer = await createCustomer(t, '+919600000085');
    const body = { ...BANK, accountNumber: '30066666666' };
    const warned = vi.spyOn(logger, 'warn');
    const informed = vi.spyOn(logger, 'info');
    const runAgain = (spy: typeof warned) => spy.mock.calls.filter(([message]) => message.startsWith('an Idempotency-Key is run again')).map(([m]) => m);
    try {
      expect(
        (await whileFailing(failCommitOnce(sql, 'user_bank_accounts', 'insert'), () => keyedPost('/api/user/bank-account', customer, 'bank-logged', body)))
          .status,
      ).toBe(500);
      expect((await keyedPost('/api/user/bank-account', customer, 'bank-logged', body)).status).toBe(201);
      // Before: the warn "its request stopped without an answer", though the request had answered (500).
      expect(runAgain(warned)).toEqual([]);
      expect(runAgain(informed)).toEqual(['an Idempotency-Key is run again after its request failed']);
      await diedMidRequest('bank-logged');
      expect((await keyedPost('/api/user/bank-account', customer, 'bank-logged', body)).status).toBe(201);
      expect(runAgain(warned)).toEqual(['an Idempotency-Key is run again: its request stopped without an answer']);
    } finally {
      warned.mockRestore();
      informed.mockRestore();
    }
  });
});
