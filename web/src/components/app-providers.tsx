import type { ComponentProps } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { I18nProvider } from '@lingui/react';
import { i18n } from '../i18n/i18n';
import { ToastProvider } from './toasts';

/** What every screen runs inside, in the app and in its tests alike: texts, the query cache, toasts, the router. */
export function AppProviders({ client, router }: { client: QueryClient; router: ComponentProps<typeof RouterProvider>['router'] }) {
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </QueryClientProvider>
    </I18nProvider>
  );
}
