// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { LandingPage } from './landing-page';
import { fakeApi, PUBLIC_CONFIG, renderWithApp } from '../../test/render';

describe('landing page (skeleton)', () => {
  it('shows the tenant brand from the public configuration', async () => {
    fakeApi({ 'GET /api/config/public': PUBLIC_CONFIG });
    renderWithApp(<LandingPage />);
    expect((await screen.findByText('Test Desk')).tagName).toBe('H1');
  });
});
