import { describe, expect, it } from 'vitest';
import { brandSmsTemplatesSchema, DEFAULT_TEMPLATES, messageFor, NO_BRAND_TEMPLATES, NOTICE_KINDS, PLACEHOLDERS } from './sms-templates';
import { placeholdersOf } from '../sms/sms-template';

const completedBuy = {
  kind: 'buy_completed' as const,
  facts: { ref: 'ORD-7KQ2', orderType: 'buy' as const, inr: '10000', usdt: '110.50', network: 'TRC20', txHash: '0xabc123' },
};

describe('SMS templates', () => {
  it('fills the default with the order as it stands, with no template id, when the brand registered none', () => {
    expect(messageFor(NO_BRAND_TEMPLATES, 'Lemon', completedBuy)).toEqual({
      text: 'Lemon: order ORD-7KQ2 is complete. 110.50 USDT was sent to your wallet. Transaction: 0xabc123',
      dltTemplateId: null,
      dltEntityId: null,
      senderId: null,
    });
  });

  it("uses the brand's registered text and ids", () => {
    const brand = {
      dltEntityId: '1101000000000000001',
      senderId: 'LEMONX',
      templates: { buy_completed: { text: 'Order {{ref}} done, tx {{tx_hash}} -{{brand}}', dltTemplateId: '1107000000000000042' } },
    };
    expect(messageFor(brand, 'Lemon', completedBuy)).toEqual({
      text: 'Order ORD-7KQ2 done, tx 0xabc123 -Lemon',
      dltTemplateId: '1107000000000000042',
      dltEntityId: '1101000000000000001',
      senderId: 'LEMONX',
    });
  });

  it('every default uses only its own placeholders', () => {
    for (const kind of NOTICE_KINDS) expect(placeholdersOf(DEFAULT_TEMPLATES[kind]).every((name) => PLACEHOLDERS[kind].includes(name))).toBe(true);
  });

  it("refuses a placeholder the message does not offer (a UTR in a buy's message), a DLT id that is not digits, an unknown message", () => {
    const wrong = brandSmsTemplatesSchema.safeParse({
      dltEntityId: '12ab',
      senderId: null,
      templates: { buy_completed: { text: 'UTR {{utr}}', dltTemplateId: '1107000000000000042' } },
    });
    expect(wrong.success).toBe(false);
    const paths = wrong.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(paths).toContain('dltEntityId: A DLT id is digits only (6 to 30)');
    expect(paths.find((p) => p.startsWith('templates.buy_completed.text'))).toContain('not {{utr}}');
    expect(brandSmsTemplatesSchema.safeParse({ dltEntityId: null, senderId: null, templates: { promotion: { text: 'x', dltTemplateId: null } } }).success).toBe(
      false,
    );
  });
});
