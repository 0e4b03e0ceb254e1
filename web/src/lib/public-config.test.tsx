// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { fakeApi, PUBLIC_CONFIG, renderWithApp } from '../test/render';
import { deriveBrandTheme } from '../theme/brand-theme';
import { REMEMBERED_COLOUR, useBrand } from './public-config';

function BrandName() {
  return <p>{useBrand().name}</p>;
}
const painted = (name: string) => document.documentElement.style.getPropertyValue(name);

beforeEach(() => {
  localStorage.clear();
  document.documentElement.removeAttribute('style');
});
afterEach(cleanup);

describe("The brand's theme on the page", () => {
  it("applies the brand's derived theme once its configuration arrives, and remembers its colour", async () => {
    fakeApi({ 'GET /api/config/public': { ...PUBLIC_CONFIG, brand: { ...PUBLIC_CONFIG.brand, primaryColor: '#e8590c' } } });
    renderWithApp(<BrandName />);
    await screen.findByText('Test Desk');
    const { theme } = deriveBrandTheme('#e8590c');
    await waitFor(() => expect(painted('--brand-text')).toBe(theme.text));
    expect([painted('--brand'), painted('--brand-fill'), painted('--brand-on-fill'), painted('--brand-focus')]).toEqual([
      '#e8590c',
      theme.fill,
      theme.onFill,
      theme.focus,
    ]);
    expect(localStorage.getItem(REMEMBERED_COLOUR)).toBe('#e8590c');
  });

  it('paints the colour remembered from the last visit while the configuration is on its way', async () => {
    localStorage.setItem(REMEMBERED_COLOUR, '#ffd43b');
    let answer = () => {};
    const arrives = new Promise<Response>((resolve) => (answer = () => resolve(Response.json(PUBLIC_CONFIG))));
    vi.stubGlobal('fetch', () => arrives);
    renderWithApp(<BrandName />);
    expect(screen.getByText('USDT Desk')).toBeTruthy();
    expect(painted('--brand-text')).toBe(deriveBrandTheme('#ffd43b').theme.text);
    answer();
    await screen.findByText('Test Desk');
    await waitFor(() => expect(painted('--brand')).toBe('#123456'));
    expect(localStorage.getItem(REMEMBERED_COLOUR)).toBe('#123456');
  });

  it('paints the default theme on a first visit, and a remembered value that is not a colour changes nothing', () => {
    localStorage.setItem(REMEMBERED_COLOUR, 'url(javascript:alert(1))');
    vi.stubGlobal('fetch', () => new Promise<Response>(() => {}));
    renderWithApp(<BrandName />);
    expect(painted('--brand')).toBe('#0d6efd');
    expect(painted('--brand-text')).toBe(deriveBrandTheme('#0d6efd').theme.text);
  });
});
