import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { queryClient } from './lib/query-client';
import { router } from './app/router';
import { ToastProvider } from './components/toasts';
import { I18nProvider } from '@lingui/react';
import { i18n } from './i18n/i18n';
import { landingTexts } from './i18n/landing/texts';
import './styles.css';

// Shown once the landing's texts of the chosen language are in (Hindi: one small fetch), so a Hindi
// reader never sees the English first; a catalogue that failed to arrive leaves the English.
void landingTexts
  .catch(() => undefined)
  .then(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <QueryClientProvider client={queryClient}>
            <ToastProvider>
              <RouterProvider router={router} />
            </ToastProvider>
          </QueryClientProvider>
        </I18nProvider>
      </StrictMode>,
    ),
  );
