import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { queryClient } from './lib/query-client';
import { router } from './app/router';
import { AppProviders } from './components/app-providers';
import { watchTheSession } from './lib/refused-session';
import { landingTexts } from './i18n/landing/texts';
import './styles.css';

// A page brought back by the back button, or whose session another tab ended, does not show that session (review 21).
watchTheSession();

// Shown once the landing's texts of the chosen language are in (Hindi: one small fetch), so a Hindi
// reader never sees the English first; a catalogue that failed to arrive leaves the English.
void landingTexts
  .catch(() => undefined)
  .then(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <AppProviders client={queryClient} router={router} />
      </StrictMode>,
    ),
  );
