/**
 * Bank statements imported into a brand's bank account over HTTP (issue 28, decision 0032): the
 * format told from the file, a CSV read with the first layout that fits (and that layout saved for
 * the account), every line recorded once however often the statement comes, a statement of another
 * account refused, and each admin only on their scope's accounts.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { createCustomer, json } from '../support/test-app';
import { it as withApp } from '../support/app-fixtures';
import { confirmPending } from '../support/desk-changes';
import { createBrandAdmin } from '../support/brands';
import { bankAccountId } from '../../machines/src/reconciliation/bank-account-id';
import { NOT_A_STATEMENT } from '../../services/src/reconciliation/statement-file';
import { APPEND_CHUNK, bankAccountStream } from '../../services/src/reconciliation/statement-imports';

const FIXTURES = path.join(import.meta.dirname, '../../services/src/reconciliation/statements/fixtures');
const HDFC = { bankName: 'HDFC Bank', accountName: 'Zen Desk Trading', accountNumber: '50100012345678', ifsc: 'HDFC0001234', isActive: true };
const OTHER = { bankName: 'State Bank', accountName: 'Zen Desk Trading', accountNumber: '50200012345678', ifsc: 'SBIN0001234', isActive: true };

describe('bank statements imported into a brand account', () => {
  let admin: string;
  const hdfc = bankAccountId('default', HDFC);
  const other = bankAccountId('default', OTHER);

  const it = withApp
    .extend('upload', ({ t }) => async (token: string, accountId: string, fileName: string, extra: Record<string, string> = {}, bytes?: Buffer) => {
      const form = new FormData();
      form.set('file', new File([bytes ?? (await readFile(path.join(FIXTURES, fileName)))], fileName));
      for (const [name, value] of Object.entries(extra)) form.set(name, value);
      const response = await t.app.request(`/api/admin/bank-accounts/${accountId}/statements`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
        body: form,
      });
      return { status: response.status, body: (await response.json()) as any };
    })
    .extend(
      'stream',
      ({ t }) =>
        async (accountId: string) =>
          t.deps.eventStore.readStream(bankAccountStream(accountId)),
    );

  it.beforeAll(async ({ t }) => {
    admin = await t.adminToken();
    // Where customers pay changes only with a second admin (decision 0030): confirmed from the server.
    const saved = await json(t.call('PUT', '/api/admin/tenants/default', { token: admin, body: { bankAccounts: [HDFC, OTHER] } }));
    expect(saved.status).toBe(202);
    await confirmPending(t, saved.body.change._id);
  });

  it("lists the brand's accounts with the ids their statements go under", async ({ t }) => {
    const listed = await json(t.call('GET', '/api/admin/bank-accounts', { token: admin }));
    expect(listed.status).toBe(200);
    expect(listed.body.bankAccounts).toEqual([
      expect.objectContaining({ _id: hdfc, tenantId: 'default', bankName: 'HDFC Bank', accountNumberEnd: '5678', ifsc: 'HDFC0001234', isActive: true }),
      expect.objectContaining({ _id: other, bankName: 'State Bank' }),
    ]);
  });

  it('imports a CSV with the layout that reads it, saves that layout, and records each line once however often it comes', async ({ t, upload, stream }) => {
    const first = await upload(admin, hdfc, 'csv-hdfc-withdrawal-deposit.csv');
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      message: 'Statement imported: 3 new line(s) recorded',
      statement: { format: 'csv', from: '2026-04-01', to: '2026-04-03', lineCount: 3, newLineCount: 3, closingBalance: { amount: '225001.00' } },
    });
    const events = await stream(hdfc);
    expect(events.map((e) => e.type)).toEqual([
      'ColumnMappingSaved',
      'StatementImported',
      'StatementLineRecorded',
      'StatementLineRecorded',
      'StatementLineRecorded',
    ]);
    expect(events[2]!.data).toMatchObject({ line: { bookedOn: '2026-04-01', direction: 'credit', amount: '100000.00' } });
    expect(events[1]!.metadata).toMatchObject({ tenantId: 'default', actor: { role: 'admin' } });

    const again = await upload(admin, hdfc, 'csv-hdfc-withdrawal-deposit.csv');
    expect(again).toMatchObject({ status: 201, body: { message: 'Statement imported: every line was already recorded', statement: { newLineCount: 0 } } });
    // The saved layout read it: no second ColumnMappingSaved, no line twice.
    expect((await stream(hdfc)).map((e) => e.type).filter((type) => type !== 'StatementImported')).toHaveLength(4);
    const history = await json(t.call('GET', `/api/admin/bank-accounts/${hdfc}/statements`, { token: admin }));
    expect(history.body.statements.map((s: { newLineCount: number }) => s.newLineCount)).toEqual([0, 3]);

    // The lines page: latest day first, each with what its narration says.
    await t.project();
    const lines = await json(t.call('GET', `/api/admin/bank-accounts/${hdfc}/lines`, { token: admin }));
    expect(lines.status).toBe(200);
    expect(lines.body).toMatchObject({ total: 3, page: 1, limit: 50 });
    expect(lines.body.lines.map((l: { bookedOn: string; direction: string; amount: string }) => [l.bookedOn, l.direction, l.amount])).toEqual([
      ['2026-04-03', 'debit', '49999.50'],
      ['2026-04-02', 'credit', '25000.50'],
      ['2026-04-01', 'credit', '100000.00'],
    ]);
    expect(lines.body.lines[2].reading).toEqual({ channel: 'UPI', reference: '412345678901', payerName: 'Ravi Kumar', reversal: false });
    expect((await t.call('GET', `/api/admin/bank-accounts/${hdfc}/lines?limit=500`, { token: admin })).status).toBe(400);
  });

  it("refuses another account's statement, a file it cannot read and a line it cannot read, recording nothing", async ({ t, upload, stream }) => {
    const before = (await stream(hdfc)).length;
    const misplaced = await upload(admin, hdfc, 'camt053-001-02-entries.xml');
    expect(misplaced.status).toBe(400);
    expect(misplaced.body.details[0].path).toBe('accountId');
    expect(misplaced.body.details[0].message).toContain('50200012345678');
    expect(await upload(admin, hdfc, 'notes.txt', {}, Buffer.from('\u0001\u0002 not a statement'))).toMatchObject({
      status: 400,
      body: { details: [{ path: 'file', message: NOT_A_STATEMENT }] },
    });
    const badLine = await upload(admin, other, 'csv-bad-amount.csv');
    expect(badLine.status).toBe(400);
    expect(badLine.body.details[0].path).toMatch(/^(file|mapping)$/);
    // Read with the account's saved layout, the bad line is named once (the reader names it; the refusal not again).
    const named = await upload(admin, hdfc, 'csv-bad-amount.csv');
    expect(named.status).toBe(400);
    expect(named.body.details[0].message).toMatch(/^Line \d+: "/);
    expect(await upload(admin, hdfc, 'csv-hdfc-withdrawal-deposit.csv', { mapping: '{not json' })).toMatchObject({
      status: 400,
      body: { details: [{ path: 'mapping' }] },
    });
    // A body that is no form: 415, as the document says; a form with no file: 400; never a 500.
    expect(await json(t.call('POST', `/api/admin/bank-accounts/${hdfc}/statements`, { token: admin, body: { file: 'x' } }))).toMatchObject({
      status: 415,
      body: { code: 'unsupported_media_type' },
    });
    const noFile = new FormData();
    noFile.set('mapping', '{}');
    const withoutFile = await t.app.request(`/api/admin/bank-accounts/${hdfc}/statements`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
      body: noFile,
    });
    expect(await json(withoutFile)).toMatchObject({ status: 400, body: { code: 'validation_error', details: [{ path: 'file' }] } });
    const broken = await t.call('POST', `/api/admin/bank-accounts/${hdfc}/statements`, {
      token: admin,
      body: '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nunterminated',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(broken.status).toBe(400);
    expect((await stream(hdfc)).length).toBe(before);
    // The account it belongs to takes it.
    expect(await upload(admin, other, 'camt053-001-02-entries.xml')).toMatchObject({ status: 201, body: { statement: { format: 'camt053' } } });
  });

  it("refuses, never with a 500, text that cannot be stored, XML past the parser's limits and mappings past a mapping's size", async ({ upload }) => {
    const camt = await readFile(path.join(FIXTURES, 'camt053-001-02-entries.xml'), 'utf8');
    const surrogate = await upload(admin, other, 'lone.xml', {}, Buffer.from(camt.replace('NEFT INWARD', 'NEFT &#xD800; INWARD')));
    expect(surrogate).toMatchObject({ status: 400, body: { details: [{ path: 'file' }] } });
    const deep = `<?xml version="1.0"?><Document>${'<a>'.repeat(150)}x${'</a>'.repeat(150)}</Document>`;
    expect((await upload(admin, other, 'deep.xml', {}, Buffer.from(deep))).status).toBe(400);
    const csv = await readFile(path.join(FIXTURES, 'csv-hdfc-withdrawal-deposit.csv'), 'utf8');
    expect((await upload(admin, hdfc, 'nul.csv', {}, Buffer.from(`${'\n'.repeat(70_000)}${csv.replace('BUY, ORDER 1042', 'BUY\u0000 ORDER')}`))).status).toBe(
      400,
    );
    const markers = JSON.stringify({
      headerRow: 'auto',
      date: { column: 'Date', format: 'dd/mm/yy' },
      narration: 'Narration',
      amounts: { kind: 'marker', amount: 'Amount', marker: 'Dr/Cr', credit: Array.from({ length: 11 }, (_, i) => `C${i}`), debit: ['DR'] },
    });
    expect(await upload(admin, hdfc, 'csv-hdfc-withdrawal-deposit.csv', { mapping: markers })).toMatchObject({
      status: 400,
      body: { details: [{ path: 'mapping.amounts.credit', message: 'List at most 10 words the marker column uses' }] },
    });
    expect((await upload(admin, hdfc, 'csv-hdfc-withdrawal-deposit.csv', { mapping: ' '.repeat(10_001) })).status).toBe(400);
    // A name cut at 200 characters keeps whole characters (an emoji astride the cut made a lone surrogate: a 500).
    const named = await upload(admin, hdfc, `${'n'.repeat(199)}\u{1F600}tail.csv`, {}, Buffer.from(csv));
    expect(named.status).toBe(201);
    expect(named.body.statement.fileName).toBe(`${'n'.repeat(199)}\u{1F600}`);
    // Nor a bidi override that would show "exe.gpj" as "jpg.exe".
    const bidi = await upload(admin, hdfc, 'statement\u202Egpj.exe', {}, Buffer.from(csv));
    expect(bidi.body.statement.fileName).toBe('statementgpj.exe');
  });

  it('appends a long statement a few hundred events at a time, so other writes go between', async ({ t, upload }) => {
    const rows = ['Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance'];
    for (let i = 0; i < 1_200; i++) rows.push(`05/04/26,UPI-PAYER ${i}-41234${String(i).padStart(7, '0')},,05/04/26,,100.00,`);
    const store = t.deps.eventStore;
    const append = store.append.bind(store);
    const sizes: number[] = [];
    store.append = async (streamId, events, options) => {
      if (streamId === bankAccountStream(other)) sizes.push(events.length);
      return append(streamId, events, options);
    };
    try {
      const imported = await upload(admin, other, 'long.csv', {}, Buffer.from(rows.join('\n')));
      expect(imported).toMatchObject({ status: 201, body: { statement: { lineCount: 1_200, newLineCount: 1_200 } } });
    } finally {
      store.append = append;
    }
    // The saved layout, the import and 1,200 lines: 1,202 events in appends of at most APPEND_CHUNK.
    expect(sizes).toEqual([APPEND_CHUNK, APPEND_CHUNK, 1_202 - 2 * APPEND_CHUNK]);
  });

  it("keeps each admin to their scope: another brand's admin finds no account of the operator's, a customer is refused", async ({ t, upload }) => {
    const brand = await createBrandAdmin(t, 'statements.example', '+919630000001');
    expect((await json(t.call('GET', '/api/admin/bank-accounts', { token: brand.token }))).body.bankAccounts).toEqual([]);
    expect((await upload(brand.token, hdfc, 'csv-hdfc-withdrawal-deposit.csv')).status).toBe(404);
    expect((await t.call('GET', `/api/admin/bank-accounts/${hdfc}/statements`, { token: brand.token })).status).toBe(404);
    expect((await t.call('GET', `/api/admin/bank-accounts/${hdfc}/lines`, { token: brand.token })).status).toBe(404);
    // The brand's own account: the operator's admin imports into it, and the brand's admin reads the
    // import with the operator's staff unnamed (decision 0014).
    const saved = await json(t.call('PUT', `/api/admin/tenants/${brand.tenantId}`, { token: admin, body: { bankAccounts: [HDFC] } }));
    await confirmPending(t, saved.body.change._id);
    const brandAccount = bankAccountId(brand.tenantId, HDFC);
    expect((await upload(admin, brandAccount, 'csv-hdfc-withdrawal-deposit.csv')).status).toBe(201);
    const asBrand = await json(t.call('GET', `/api/admin/bank-accounts/${brandAccount}/statements`, { token: brand.token }));
    expect(asBrand.body.statements.map((s: { importedBy: string | null }) => s.importedBy)).toEqual([null]);
    const asOperator = await json(t.call('GET', `/api/admin/bank-accounts/${brandAccount}/statements`, { token: admin }));
    expect(asOperator.body.statements[0].importedBy).toMatch(/^[0-9a-f-]{36}$/);
    const customer = await createCustomer(t, '+919630000002');
    expect((await t.call('GET', '/api/admin/bank-accounts', { token: customer })).status).toBe(403);
    expect((await upload(customer, hdfc, 'csv-hdfc-withdrawal-deposit.csv')).status).toBe(403);
  });
});
