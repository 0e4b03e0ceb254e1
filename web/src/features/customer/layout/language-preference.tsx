import { useCallback, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { currentLanguage, isLanguage, setLanguage, type Language } from '../../../i18n/i18n';

/** Keeps the choice with the account (PUT /api/auth/language), so it follows the customer to another browser. */
export function useSaveLanguage() {
  const client = useQueryClient();
  return useCallback(
    (language: Language) => {
      void unwrap(api.auth.language.$put({ json: { language } }))
        .then(() => client.setQueryData(['me'], (me: object | undefined) => (me ? { ...me, language } : me)))
        // A choice that could not be saved still holds on this browser; the next switch tries again.
        .catch(() => undefined);
    },
    [client],
  );
}

/**
 * On entering the customer area: the account's language wins (chosen on another browser); an account
 * that never chose one takes the one chosen on this browser before signing in, if not English.
 */
export function LanguagePreference({ saved }: { saved: string | null | undefined }) {
  const save = useSaveLanguage();
  useEffect(() => {
    if (isLanguage(saved)) {
      if (saved !== currentLanguage()) void setLanguage(saved);
    } else if (saved === null && currentLanguage() !== 'en') {
      save(currentLanguage());
    }
  }, [saved, save]);
  return null;
}
