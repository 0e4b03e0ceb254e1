// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo } from '../../../test/fixtures';
import { ACCOUNT, FakeUpload, importAnswer, LAYOUTS, renderReconciliation, statementImport } from './reconciliation-test-kit';

const accountPath = `/admin/reconciliation/${ACCOUNT._id}`;
const csv = (name = 'april.csv', size = 200) => new File(['x'.repeat(size)], name, { type: 'text/csv' });

async function openUpload() {
  const api = renderReconciliation(accountPath);
  const card = within((await screen.findByRole('heading', { name: 'Upload a statement' })).closest('section')!);
  return { ...api, card };
}

const refuse = (...details: { path: string; message: string }[]) => act(async () => FakeUpload.last!.answer(400, { error: 'validation_error', details }));

beforeEach(() => FakeUpload.install());

describe('uploading a statement', () => {
  it('shows the share sent, then the server reading it, then what was imported; the imports refresh', async () => {
    const { card, calls } = await openUpload();
    expect(card.getByLabelText('Statement file').getAttribute('accept')).toBe('.xml,.sta,.mt940,.txt,.csv,.xlsx');
    await userEvent.upload(card.getByLabelText('Statement file'), csv());
    await userEvent.click(card.getByRole('button', { name: 'Upload statement' }));

    const sent = FakeUpload.last!;
    expect(sent.method).toBe('POST');
    expect(sent.url).toBe(`/api/admin/bank-accounts/${ACCOUNT._id}/statements`);
    expect(sent.headers.authorization).toBe('Bearer test-token');
    expect(sent.headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
    expect((sent.body!.get('file') as File).name).toBe('april.csv');
    // Left to the server: the saved layout, else the first that reads the file.
    expect(sent.body!.has('mapping')).toBe(false);

    act(() => sent.progress(40, 100));
    expect(card.getByRole('status').textContent).toBe('Uploading the statement: 40%');
    expect((card.getByLabelText('Upload') as HTMLProgressElement).value).toBe(40);
    expect(card.getByRole('button', { name: 'Uploading…' }).hasAttribute('disabled')).toBe(true);
    act(() => sent.sent());
    expect(card.getByRole('status').textContent).toBe('Reading and recording lines…');

    const importsBefore = callsTo(calls, 'GET', `/api/admin/bank-accounts/${ACCOUNT._id}/statements`).length;
    await act(async () => sent.answer(201, importAnswer({ lineCount: 5, newLineCount: 3 })));
    const result = within(card.getByRole('region', { name: 'Statement imported' }));
    const facts = Object.fromEntries(result.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling!.textContent]));
    expect(facts).toEqual({
      'New lines recorded': '3',
      'Lines already held': '2',
      Period: '1 Apr 2026 to 3 Apr 2026',
      Format: 'CSV',
      'Opening balance (stated)': '₹1,50,000 on 1 Apr 2026',
      'Closing balance (stated)': '₹2,25,001 on 3 Apr 2026',
    });
    expect(card.queryByRole('status')).toBeNull();
    // It printed its account number, which the server compared with this account's.
    expect(result.queryByText(/does not print its account number/)).toBeNull();
    await expect.poll(() => callsTo(calls, 'GET', `/api/admin/bank-accounts/${ACCOUNT._id}/statements`).length).toBeGreaterThan(importsBefore);
  });

  it('says when every line was already held', async () => {
    const { card } = await openUpload();
    await userEvent.upload(card.getByLabelText('Statement file'), csv('again.sta'));
    await userEvent.click(card.getByRole('button', { name: 'Upload statement' }));
    await act(async () => FakeUpload.last!.answer(201, importAnswer({ format: 'mt940', newLineCount: 0, accountNumber: null })));
    expect(card.getByRole('heading', { name: 'Statement imported: every line was already recorded' })).toBeTruthy();
    expect(card.getByText(/does not print its account number/)).toBeTruthy();
    // An MT940 is read as the bank wrote it: no layout is asked for.
    expect(card.queryByLabelText('Layout of the file')).toBeNull();
  });

  it("shows the server's reason, naming the line, when it refuses the file", async () => {
    const { card } = await openUpload();
    await userEvent.upload(card.getByLabelText('Statement file'), csv());
    await userEvent.click(card.getByRole('button', { name: 'Upload statement' }));
    await refuse({ path: 'file', message: 'Line 5: "1.234,50" is not an amount (write it like 1,00,000.00 or 1234.50) in "Deposit Amt."' });
    const alert = within(card.getByRole('alert'));
    expect(alert.getByRole('heading').textContent).toBe('The statement was not imported');
    expect(alert.getByRole('listitem').textContent).toBe('Line 5: "1.234,50" is not an amount (write it like 1,00,000.00 or 1234.50) in "Deposit Amt."');
    expect(card.queryByRole('group', { name: 'Columns of the file' })).toBeNull();
  });

  it('says so when the upload never reached the server, and when the file is over 5 MB (sending nothing)', async () => {
    const { card } = await openUpload();
    await userEvent.upload(card.getByLabelText('Statement file'), csv());
    await userEvent.click(card.getByRole('button', { name: 'Upload statement' }));
    await act(async () => FakeUpload.last!.onerror!());
    expect(card.getByRole('alert').textContent).toContain('The upload did not reach the server');

    FakeUpload.last = null;
    await userEvent.upload(card.getByLabelText('Statement file'), csv('big.csv', 5_000_001));
    await userEvent.click(card.getByRole('button', { name: 'Upload statement' }));
    expect(card.getByText(/larger than 5 MB/)).toBeTruthy();
    expect(FakeUpload.last).toBeNull();
  });

  it('sends the layout chosen for a CSV', async () => {
    const { card } = await openUpload();
    await userEvent.upload(card.getByLabelText('Statement file'), csv());
    await userEvent.selectOptions(card.getByLabelText('Layout of the file'), LAYOUTS[1]!.id);
    await userEvent.click(card.getByRole('button', { name: 'Upload statement' }));
    expect(JSON.parse(FakeUpload.last!.body!.get('mapping') as string)).toEqual(LAYOUTS[1]!.mapping);
  });

  it('opens the columns when no layout reads the file, sends them as set, and shows a problem under the column it names', async () => {
    const { card } = await openUpload();
    await userEvent.upload(card.getByLabelText('Statement file'), csv('odd.csv'));
    await userEvent.click(card.getByRole('button', { name: 'Upload statement' }));
    await refuse({
      path: 'mapping',
      message: 'None of the saved layouts reads this file: choose the columns (the date, the amounts, the narration) and upload it again',
    });
    expect(card.getByRole('alert').textContent).toContain('None of the saved layouts reads this file');
    expect((card.getByLabelText('Layout of the file') as HTMLSelectElement).value).toBe('own-columns');
    const columns = within(card.getByRole('group', { name: 'Columns of the file' }));
    // Started from the first layout, changed to the file's own headings.
    expect((columns.getByLabelText('Date column') as HTMLInputElement).value).toBe('Date');
    await userEvent.clear(columns.getByLabelText('Date column'));
    await userEvent.type(columns.getByLabelText('Date column'), 'Posted');
    await userEvent.selectOptions(columns.getByLabelText('Dates written as'), 'dd-MMM-yyyy');
    await userEvent.selectOptions(columns.getByLabelText('Amounts are written'), 'marker');
    await userEvent.clear(columns.getByLabelText('Amount column'));
    await userEvent.type(columns.getByLabelText('Amount column'), 'Amt');
    await userEvent.type(columns.getByLabelText('Dr/Cr column'), 'Type');
    await userEvent.clear(columns.getByLabelText('Words it uses for a deposit'));
    await userEvent.type(columns.getByLabelText('Words it uses for a deposit'), 'CR, C');
    await userEvent.clear(columns.getByLabelText('Narration column'));
    await userEvent.type(columns.getByLabelText('Narration column'), 'Details, More details');
    await userEvent.clear(columns.getByLabelText('Balance column (if any)'));
    await userEvent.click(card.getByRole('button', { name: 'Upload statement' }));
    expect(JSON.parse(FakeUpload.last!.body!.get('mapping') as string)).toEqual({
      headerRow: 'auto',
      date: { column: 'Posted', format: 'dd-MMM-yyyy' },
      valueDate: { column: 'Value Dt' },
      narration: ['Details', 'More details'],
      reference: 'Chq./Ref.No.',
      amounts: { kind: 'marker', amount: 'Amt', marker: 'Type', credit: ['CR', 'C'], debit: ['DR'] },
      balance: null,
      currency: 'INR',
    });

    await refuse({ path: 'mapping.amounts.credit', message: '"C" cannot mean both a credit and a debit' });
    const deposit = columns.getByLabelText('Words it uses for a deposit');
    expect(deposit.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(deposit.getAttribute('aria-describedby')!.split(' ').at(-1)!)!.textContent).toBe(
      '"C" cannot mean both a credit and a debit',
    );
    expect(card.getByRole('alert').textContent).toContain('Some of the columns need correcting');

    await userEvent.click(card.getByRole('button', { name: 'Upload statement' }));
    await act(async () => FakeUpload.last!.answer(201, importAnswer()));
    expect(card.getByRole('region', { name: 'Statement imported' })).toBeTruthy();
    expect(deposit.getAttribute('aria-invalid')).toBeNull();
  });

  it('opens empty columns when the layouts could not be loaded, and offers them after any refusal', async () => {
    renderReconciliation(accountPath, { 'GET /api/admin/statement-layouts': () => ({ status: 503, body: { error: 'unavailable' } }) });
    const card = within((await screen.findByRole('heading', { name: 'Upload a statement' })).closest('section')!);
    await card.findByText(/The layouts could not be loaded/);
    await userEvent.upload(card.getByLabelText('Statement file'), csv('odd.csv'));
    await userEvent.click(card.getByRole('button', { name: 'Upload statement' }));
    await refuse({ path: 'mapping', message: 'None of the saved layouts reads this file: choose the columns and upload it again' });
    const columns = within(card.getByRole('group', { name: 'Columns of the file' }));
    expect((columns.getByLabelText('Date column', { exact: true }) as HTMLInputElement).value).toBe('');
    expect((columns.getByLabelText('Amounts are written') as HTMLSelectElement).value).toBe('split');

    // Another refusal (a line it cannot read) with the desk left to find the layout: the button opens them.
    await userEvent.selectOptions(card.getByLabelText('Layout of the file'), '');
    await userEvent.click(card.getByRole('button', { name: 'Upload statement' }));
    await refuse({ path: 'file', message: 'Line 2: "x" is not a date' });
    await userEvent.click(card.getByRole('button', { name: 'Set the columns myself' }));
    expect(card.getByRole('group', { name: 'Columns of the file' })).toBeTruthy();
  });

  it('lists the imports once the account has some', async () => {
    renderReconciliation(accountPath, { [`GET /api/admin/bank-accounts/${ACCOUNT._id}/statements`]: { statements: [statementImport()] } });
    const imports = within((await screen.findByRole('heading', { name: 'Imports' })).closest('section')!);
    expect(await imports.findByText('april.csv')).toBeTruthy();
  });
});
