import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../kv/memory-store';
import { OtpService } from './otp.service';

function setup() {
  let now = Date.parse('2026-11-21T10:00:00Z');
  const store = new MemoryStore(() => now);
  const sent: { phone: string; code: string }[] = [];
  const otp = new OtpService(store, 'secret', async (phone, code) => void sent.push({ phone, code }));
  return { otp, store, sent, advance: (ms: number) => (now += ms) };
}

const PHONE = '+919811111111';
const BRAND = 'default';

describe('one-time codes', () => {
  it('sends 6 digits, stores only a hash, and accepts the code once', async () => {
    const { otp, store, sent } = setup();
    await otp.send(BRAND, PHONE, 'login', '10.0.0.1');
    const { code } = sent[0]!;
    expect(code).toMatch(/^\d{6}$/);
    const stored = await store.get(`otp:code:login:${BRAND}:${PHONE}`);
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
    expect(stored).not.toContain(code);
    await otp.verify(BRAND, PHONE, 'login', code, null);
    await expect(otp.verify(BRAND, PHONE, 'login', code, null)).rejects.toMatchObject({ code: 'invalid_otp' });
  });

  it('expires after 5 minutes', async () => {
    const { otp, sent, advance } = setup();
    await otp.send(BRAND, PHONE, 'login', null);
    advance(5 * 60_000 + 1);
    await expect(otp.verify(BRAND, PHONE, 'login', sent[0]!.code, null)).rejects.toMatchObject({ code: 'invalid_otp' });
  });

  it('blocks a resend for 30 seconds', async () => {
    const { otp, sent, advance } = setup();
    await otp.send(BRAND, PHONE, 'login', null);
    await expect(otp.send(BRAND, PHONE, 'login', null)).rejects.toMatchObject({ status: 429 });
    advance(30_001);
    await otp.send(BRAND, PHONE, 'login', null);
    expect(sent).toHaveLength(2);
  });

  /** A login code sent, then a wrong code tried `times` times (each refused): answers a try of the right code. */
  async function afterWrongTries(times: number) {
    const { otp, sent } = setup();
    await otp.send(BRAND, PHONE, 'login', null);
    const right = sent[0]!.code;
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < times; i++) await expect(otp.verify(BRAND, PHONE, 'login', wrong, null)).rejects.toMatchObject({ code: 'invalid_otp' });
    return () => otp.verify(BRAND, PHONE, 'login', right, null);
  }

  it('kills the code after 5 wrong tries, even for the right code afterwards', async () => {
    const tryRightCode = await afterWrongTries(5);
    await expect(tryRightCode()).rejects.toMatchObject({ code: 'invalid_otp' });
  });

  it('accepts the right code after 4 wrong ones', async () => {
    const tryRightCode = await afterWrongTries(4);
    await tryRightCode();
  });

  it('limits sends per phone and address (5 an hour), per phone (15 an hour) and per IP (20 an hour)', async () => {
    const { otp, advance } = setup();
    for (let i = 0; i < 5; i++) {
      await otp.send(BRAND, PHONE, 'login', null);
      advance(31_000);
    }
    await expect(otp.send(BRAND, PHONE, 'login', null)).rejects.toMatchObject({ status: 429, code: 'too_many_requests' });
    // Two more addresses spend the phone's 15; a fourth is refused too, for the rest of the hour.
    for (const ip of ['10.0.0.2', '10.0.0.3'])
      for (let i = 0; i < 5; i++) {
        await otp.send(BRAND, PHONE, 'login', ip);
        advance(31_000);
      }
    await expect(otp.send(BRAND, PHONE, 'login', '10.0.0.4')).rejects.toMatchObject({
      status: 429,
      message: expect.stringMatching(/^Too many codes requested/),
    });

    const other = setup();
    for (let i = 0; i < 20; i++) await other.otp.send(BRAND, `+9198000000${String(i).padStart(2, '0')}`, 'register', '10.0.0.9');
    await expect(other.otp.send(BRAND, '+919800000099', 'register', '10.0.0.9')).rejects.toMatchObject({ status: 429 });
    await other.otp.send(BRAND, '+919800000099', 'register', '10.0.0.10');
  });

  it('keeps login and registration codes apart', async () => {
    const { otp, sent } = setup();
    await otp.send(BRAND, PHONE, 'register', null);
    await expect(otp.verify(BRAND, PHONE, 'login', sent[0]!.code, null)).rejects.toMatchObject({ code: 'invalid_otp' });
  });

  it("keeps each brand's codes apart: a code sent on one brand's site does not verify on another's (security review)", async () => {
    const { otp, sent } = setup();
    await otp.send('brand-a', PHONE, 'login', null);
    const code = sent[0]!.code;
    await expect(otp.verify('brand-b', PHONE, 'login', code, null)).rejects.toMatchObject({ code: 'invalid_otp' });
    // Nor does brand B's cooldown or count hold brand A's phone: each brand's are its own.
    await otp.send('brand-b', PHONE, 'login', null);
    await otp.verify('brand-a', PHONE, 'login', code, null);
  });

  it('goes through every limit without delivering when told not to, so the answer is the same', async () => {
    const { otp, sent } = setup();
    await otp.send(BRAND, PHONE, 'reset', null, { deliver: false });
    expect(sent).toHaveLength(0);
    await expect(otp.send(BRAND, PHONE, 'reset', null, { deliver: false })).rejects.toMatchObject({ status: 429 });
  });

  it("a stranger asking from one address for sign-in, reset and sign-up codes in turn does not stop the owner's code from another (security review F7)", async () => {
    const { otp, sent, advance } = setup();
    const stranger = '198.51.100.7';
    const answers: string[] = [];
    for (let i = 0; i < 9; i++) {
      const purpose = (['login', 'reset', 'register'] as const)[i % 3]!;
      answers.push(
        await otp.send(BRAND, PHONE, purpose, stranger).then(
          () => 'sent',
          (error: { status: number }) => String(error.status),
        ),
      );
      advance(31_000);
    }
    expect(answers).toEqual(['sent', 'sent', 'sent', 'sent', 'sent', '429', '429', '429', '429']);
    await otp.send(BRAND, PHONE, 'login', '203.0.113.20');
    expect(sent).toHaveLength(6);
    await otp.verify(BRAND, PHONE, 'login', sent.at(-1)!.code, '203.0.113.20');
  });

  it('one wait between codes to a phone, whatever they are for: a sign-in code then a reset code within 30 s is refused', async () => {
    const { otp, sent, advance } = setup();
    await otp.send(BRAND, PHONE, 'login', '10.0.0.1');
    await expect(otp.send(BRAND, PHONE, 'reset', '10.0.0.1')).rejects.toMatchObject({
      status: 429,
      message: expect.stringMatching(/^Please wait \d+ seconds/),
    });
    await expect(otp.send(BRAND, PHONE, 'register', '10.0.0.2')).rejects.toMatchObject({ status: 429 });
    advance(30_001);
    await otp.send(BRAND, PHONE, 'reset', '10.0.0.1');
    expect(sent).toHaveLength(2);
  });

  it('limits wrong codes per address (30 in 15 minutes, whatever the phone), then 429 even for a right code; another address is not held', async () => {
    const { otp, sent, advance } = setup();
    await otp.send(BRAND, PHONE, 'login', '10.0.0.1');
    const right = sent[0]!.code;
    const guesser = '198.51.100.9';
    for (let i = 0; i < 30; i++)
      await expect(otp.verify(BRAND, `+9198000001${String(i).padStart(2, '0')}`, 'login', '123456', guesser)).rejects.toMatchObject({ code: 'invalid_otp' });
    await expect(otp.verify(BRAND, PHONE, 'login', right, guesser)).rejects.toMatchObject({ status: 429, code: 'too_many_requests' });
    await otp.verify(BRAND, PHONE, 'login', right, '10.0.0.1');
    advance(15 * 60_000 + 1);
    await expect(otp.verify(BRAND, PHONE, 'login', '123456', guesser)).rejects.toMatchObject({ code: 'invalid_otp' });
  });

  it('a right code does not count against its address', async () => {
    const { otp, sent, advance } = setup();
    for (let i = 0; i < 35; i++) {
      await otp.send(BRAND, `+9198000002${String(i).padStart(2, '0')}`, 'login', `10.0.1.${i}`);
      await otp.verify(BRAND, `+9198000002${String(i).padStart(2, '0')}`, 'login', sent.at(-1)!.code, '10.0.0.1');
      advance(1_000);
    }
  });
});
