// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderWithApp } from '../../../test/render';
import { SmsTemplatesCard } from './sms-templates-card';

afterEach(cleanup);

const message = (text: string, placeholders: string[], patch: object = {}) => ({ text, dltTemplateId: null, isDefault: true, placeholders, ...patch });
const COMMON = ['brand', 'ref', 'inr', 'usdt', 'network'];
const STORED = {
  tenantId: 't-1',
  dltEntityId: null,
  senderId: null,
  templates: {
    payment_verified: message('{{brand}}: we have received your payment for order {{ref}}.', COMMON),
    buy_completed: message('Order {{ref}} done. Tx {{tx_hash}}', [...COMMON, 'tx_hash'], { isDefault: false, dltTemplateId: '1107000000000000002' }),
    sell_completed: message('{{brand}}: order {{ref}} is complete. UTR: {{utr}}', [...COMMON, 'utr']),
    rejected: message('{{brand}}: order {{ref}} was rejected. {{reason}}', [...COMMON, 'reason']),
    expired: message('{{brand}}: order {{ref}} expired.', COMMON),
  },
};
const PATH = '/api/admin/tenants/t-1/sms-templates';

describe("a brand's customer SMS", () => {
  it('shows the registered messages and the defaults, and saves the whole set, a message left empty on its default', async () => {
    const { calls } = fakeApi({ [`GET ${PATH}`]: STORED, [`PUT ${PATH}`]: { ...STORED, message: 'SMS templates saved' } });
    renderWithApp(<SmsTemplatesCard tenantId="t-1" />);
    const buy = await screen.findByRole('group', { name: 'Buy completed' });
    expect((within(buy).getByLabelText('Text') as HTMLTextAreaElement).value).toBe('Order {{ref}} done. Tx {{tx_hash}}');
    expect(within(buy).getByText('May use {{brand}}, {{ref}}, {{inr}}, {{usdt}}, {{network}}, {{tx_hash}}')).toBeTruthy();
    const expired = screen.getByRole('group', { name: 'Order expired' });
    expect((within(expired).getByLabelText('Text') as HTMLTextAreaElement).placeholder).toBe('{{brand}}: order {{ref}} expired.');

    await userEvent.type(screen.getByLabelText('DLT principal entity ID'), '1101000000000000001');
    await userEvent.type(screen.getByLabelText('Sender ID (header)'), 'DESKUS');
    await userEvent.click(within(expired).getByLabelText('Text'));
    await userEvent.paste('Order {{ref}} expired');
    await userEvent.type(within(expired).getByLabelText('DLT template ID'), '1107000000000000005');
    await userEvent.click(screen.getByRole('button', { name: 'Save SMS templates' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        dltEntityId: '1101000000000000001',
        senderId: 'DESKUS',
        templates: {
          buy_completed: { text: 'Order {{ref}} done. Tx {{tx_hash}}', dltTemplateId: '1107000000000000002' },
          expired: { text: 'Order {{ref}} expired', dltTemplateId: '1107000000000000005' },
        },
      }),
    );
  });

  it("puts the server's refusal of a placeholder under the message's text", async () => {
    fakeApi({
      [`GET ${PATH}`]: STORED,
      [`PUT ${PATH}`]: () => ({
        status: 400,
        body: {
          error: 'validation_error',
          code: 'validation_error',
          details: [{ path: 'templates.buy_completed.text', message: 'This message may only use …; not {{utr}}' }],
        },
      }),
    });
    renderWithApp(<SmsTemplatesCard tenantId="t-1" />);
    await screen.findByRole('group', { name: 'Buy completed' });
    await userEvent.click(screen.getByRole('button', { name: 'Save SMS templates' }));
    const text = within(screen.getByRole('group', { name: 'Buy completed' })).getByLabelText('Text');
    await waitFor(() => expect(text.getAttribute('aria-invalid')).toBe('true'));
    expect(within(screen.getByRole('group', { name: 'Buy completed' })).getByText('This message may only use …; not {{utr}}')).toBeTruthy();
  });
});
