import { describe, expect, it } from 'vitest';
import { browserName } from './browser';

describe('browser names', () => {
  it('names the browser and the system in words', () => {
    expect(browserName('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36')).toBe(
      'Chrome on Android',
    );
    expect(
      browserName('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'),
    ).toBe('Safari on iOS');
    expect(browserName('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.0.0')).toBe(
      'Edge on Windows',
    );
  });

  it('names a client no pattern knows by the name it gives first, and nothing as nothing', () => {
    expect(browserName('node')).toBe('node');
    expect(browserName('okhttp/4.12.0')).toBe('okhttp');
    expect(browserName(null)).toBeNull();
  });
});
