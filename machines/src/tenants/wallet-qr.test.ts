import { describe, expect, it } from 'vitest';
import { QR_URL_MESSAGE, qrUrlProblem } from './wallet-qr';

describe('a QR code link', () => {
  it('is kept when it is an https address', () => {
    expect(qrUrlProblem('https://brand.example/qr/trc20.png')).toBeNull();
    expect(qrUrlProblem('HTTPS://cdn.example.com/a?b=c#d')).toBeNull();
  });

  it('is refused in any other form, with one text', () => {
    for (const url of [
      'http://brand.example/qr.png',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      '//brand.example/qr.png',
      'https://',
      'https://a b',
      `https://x.example/${'a'.repeat(2000)}`,
    ])
      expect(qrUrlProblem(url), url).toBe(QR_URL_MESSAGE);
  });
});
