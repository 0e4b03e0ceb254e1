import { describe, expect, it } from 'vitest';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { compileSimple } from './compile';
import { landingEn } from './landing/en';
import { landingHi } from './landing/hi';
import { authEn } from './auth/en';
import { authHi } from './auth/hi';
import { customerEn } from './customer/en';
import { customerHi } from './customer/hi';
import { accountEn } from './account/en';
import { accountHi } from './account/hi';

const AREAS = [
  { area: 'landing', en: landingEn, hi: landingHi },
  { area: 'auth', en: authEn, hi: authHi },
  { area: 'customer', en: customerEn, hi: customerHi },
  { area: 'account', en: accountEn, hi: accountHi },
] as const;

/** The names a message fills in ({brand}, {count, plural, …}): a translation must use the same. */
const placeholders = (text: string) => [...new Set([...text.matchAll(/\{(\w+)/g)].map((m) => m[1]))].sort();

describe.each(AREAS)('the $area catalogues', ({ en, hi }) => {
  it('has a Hindi entry for every English key, and none extra', () => {
    expect(Object.keys(hi).sort()).toEqual(Object.keys(en).sort());
  });

  it('translates every text (no English left as the Hindi), with the same placeholders', () => {
    for (const [key, english] of Object.entries(en)) {
      const hindi = (hi as Record<string, string>)[key]!;
      expect(hindi.trim(), key).not.toBe('');
      expect(placeholders(hindi), key).toEqual(placeholders(english));
      // Names, currencies and codes (USDT, INR, OTP, WhatsApp, 24/7) may stay; a sentence may not.
      if (/[a-z]{3,} [a-z]{3,}/.test(english)) expect(hindi, key).not.toBe(english);
    }
  });

  it("compiles simple texts without the ICU parser exactly as Lingui's compiler does", () => {
    for (const text of [...Object.values(en), ...Object.values(hi)]) {
      const simple = compileSimple(text);
      if (simple) expect(simple, text).toEqual(compileMessage(text));
    }
  });

  it('keeps keys readable: the area and the screen first', () => {
    for (const key of Object.keys(en)) expect(key).toMatch(/^[a-z]+(\.[a-zA-Z0-9]+)+$/);
  });
});

describe('the landing', () => {
  it('needs no ICU parser (its texts are all simple), so / does not load one', () => {
    for (const text of [...Object.values(landingEn), ...Object.values(landingHi)]) expect(compileSimple(text), text).not.toBeNull();
  });
});
