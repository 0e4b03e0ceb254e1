import { describe, expect, it } from 'vitest';
import { decideSms, ESSENTIAL, SMS_PER_CUSTOMER_PER_HOUR, type SmsFacts } from './sms-decision';

const given = (facts: Partial<SmsFacts>): SmsFacts => ({
  kind: 'buy_completed',
  phone: '+919812345678',
  optionalSms: true,
  sentInLastHour: 0,
  needsDltTemplate: false,
  hasDltTemplate: false,
  ...facts,
});

describe('whether a notification is texted', () => {
  it('given a customer who turned the optional messages off, when an order is completed or rejected, then it is texted; when paid or expired, then not', () => {
    for (const kind of ['buy_completed', 'sell_completed', 'rejected'] as const) expect(decideSms(given({ kind, optionalSms: false }))).toBe('sending');
    for (const kind of ['payment_verified', 'expired'] as const) expect(decideSms(given({ kind, optionalSms: false }))).toBe('opted_out');
    expect(
      Object.entries(ESSENTIAL)
        .filter(([, essential]) => essential)
        .map(([kind]) => kind),
    ).toEqual(['buy_completed', 'sell_completed', 'rejected']);
  });

  it(`given ${SMS_PER_CUSTOMER_PER_HOUR} messages in the last hour, when another comes, then it is capped, essential or not`, () => {
    expect(decideSms(given({ sentInLastHour: SMS_PER_CUSTOMER_PER_HOUR - 1 }))).toBe('sending');
    expect(decideSms(given({ sentInLastHour: SMS_PER_CUSTOMER_PER_HOUR }))).toBe('capped');
    expect(decideSms(given({ kind: 'payment_verified', sentInLastHour: SMS_PER_CUSTOMER_PER_HOUR }))).toBe('capped');
  });

  it('given a gateway that needs registered templates, when the brand registered none for the message, then it is not sent', () => {
    expect(decideSms(given({ needsDltTemplate: true, hasDltTemplate: false }))).toBe('no_template');
    expect(decideSms(given({ needsDltTemplate: true, hasDltTemplate: true }))).toBe('sending');
  });

  it('given an account with no phone, then nothing is sent', () => {
    expect(decideSms(given({ phone: null }))).toBe('no_phone');
  });
});
