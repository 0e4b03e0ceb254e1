import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { verifySignature } from './verify-signature';
import { signatureHeader } from './sign-delivery';

const BODY = '{"id":"d1","type":"order.placed"}';
const NOW = 1_795_780_800;

describe("a receiver's check of a delivery", () => {
  it('accepts what the desk signs, with either secret during a rotation', () => {
    expect(verifySignature(BODY, signatureHeader(BODY, ['new'], NOW), 'new', NOW)).toBe(true);
    const both = signatureHeader(BODY, ['new', 'old'], NOW);
    expect(both.match(/v1=/g)).toHaveLength(2);
    expect(verifySignature(BODY, both, 'new', NOW)).toBe(true);
    expect(verifySignature(BODY, both, 'old', NOW)).toBe(true);
    expect(verifySignature(BODY, both, 'other', NOW)).toBe(false);
  });

  it('signs "<t>.<raw body>" with HMAC-SHA256, as docs/webhooks.md says', () => {
    const hex = createHmac('sha256', 'secret').update(`${NOW}.${BODY}`).digest('hex');
    expect(signatureHeader(BODY, ['secret'], NOW)).toBe(`t=${NOW},v1=${hex}`);
  });

  it('refuses a timestamp more than five minutes away, and anything malformed', () => {
    const header = signatureHeader(BODY, ['s'], NOW);
    expect(verifySignature(BODY, header, 's', NOW + 300)).toBe(true);
    expect(verifySignature(BODY, header, 's', NOW + 301)).toBe(false);
    expect(verifySignature(BODY, header, 's', NOW - 301)).toBe(false);
    expect(verifySignature(`${BODY} `, header, 's', NOW)).toBe(false);
    for (const bad of [undefined, '', 't=abc,v1=00', `v1=${'0'.repeat(64)}`, `t=${NOW},v1=zz`, `t=${NOW},v1=${'0'.repeat(63)}`]) {
      expect(verifySignature(BODY, bad, 's', NOW)).toBe(false);
    }
  });

  it('is the very code docs/webhooks.md gives a receiver', () => {
    const docs = readFileSync(path.resolve(import.meta.dirname, '../../../docs/webhooks.md'), 'utf8');
    const documented = /```ts\n([\s\S]*?)```/.exec(docs)![1]!;
    const source = readFileSync(path.resolve(import.meta.dirname, 'verify-signature.ts'), 'utf8');
    const code = (text: string) =>
      text
        .replace(/\/\*\*[\s\S]*?\*\/\n/g, '')
        .replace(/\s+/g, ' ')
        .trim();
    expect(code(documented)).toBe(code(source));
  });
});
