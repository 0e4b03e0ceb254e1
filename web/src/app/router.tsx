import { createBrowserRouter, Navigate } from 'react-router';
import { LandingPage } from '../features/public/landing-page';
import { withErrorScreen } from './route-error';
import { inEnglish } from '../i18n/english-only';

/**
 * Routes of seed-spec section 2. The landing page is in the first bundle; sign-in, the customer area,
 * the admin area and the compliance area (docs/compliance.md) load on demand, so `/` ships only what
 * it shows. A chunk that no longer exists (the app was deployed again while the page was open) shows
 * RouteError's screen.
 */
export const router = createBrowserRouter(
  withErrorScreen([
    { path: '/', element: <LandingPage /> },
    { path: '/login', lazy: async () => ({ Component: (await import('../features/public/login-page')).LoginPage }) },
    { path: '/register', lazy: async () => ({ Component: (await import('../features/public/register-page')).RegisterPage }) },
    { path: '/forgot-password', lazy: async () => ({ Component: (await import('../features/public/forgot-password-page')).ForgotPasswordPage }) },
    // The desks are English only (decision 0036), whatever language the person chose elsewhere.
    { path: '/admin/*', lazy: async () => ({ Component: inEnglish((await import('../features/admin/admin-routes')).AdminRoutes) }) },
    { path: '/compliance/*', lazy: async () => ({ Component: inEnglish((await import('../features/compliance/compliance-routes')).ComplianceRoutes) }) },
    {
      path: '/*',
      lazy: async () => {
        const area = await import('../features/customer/customer-routes');
        // A Hindi reader sees the area in Hindi from its first paint (its catalogue is a second, small chunk).
        await area.customerTexts.catch(() => undefined);
        return { Component: area.CustomerRoutes };
      },
    },
    { path: '/app/*', element: <Navigate to="/dashboard" replace /> },
  ]),
);
