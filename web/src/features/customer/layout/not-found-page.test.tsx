// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { fakeApi, PUBLIC_CONFIG, renderWithApp } from '../../../test/render';
import { deriveBrandTheme } from '../../../theme/brand-theme';
import { NotFoundPage } from './not-found-page';

describe('NotFoundPage', () => {
  afterEach(() => {
    document.documentElement.removeAttribute('style');
    document.title = '';
  });

  it("is drawn in the brand's theme and named after it, as every page of its host is (a broken link on a brand's host)", async () => {
    fakeApi({ 'GET /api/config/public': { ...PUBLIC_CONFIG, brand: { ...PUBLIC_CONFIG.brand, name: 'Sunrise Exchange', primaryColor: '#e8590c' } } });
    renderWithApp(<NotFoundPage />, '/no-such-page');
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Sunrise Exchange'));
    const [name, value] = Object.entries(deriveBrandTheme('#e8590c').variables)[0]!;
    expect(document.documentElement.style.getPropertyValue(name)).toBe(value);
  });
});
