import { useLingui } from '@lingui/react';
import { LANGUAGE_NAMES, LANGUAGES, setLanguage, type Language } from './i18n';
import { useT } from './use-t';
import './language-switch.css';

/**
 * English / हिन्दी, each named in its own language (and marked so, for screen readers); the one in
 * use is pressed. `onChosen` also keeps a signed-in customer's choice on the server.
 */
export function LanguageSwitch({ onChosen }: { onChosen?: (language: Language) => void }) {
  const t = useT();
  const { i18n } = useLingui();
  return (
    <div role="group" aria-label={t('language.switch')} className="language-switch">
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          aria-pressed={i18n.locale === language}
          onClick={() => {
            void setLanguage(language);
            onChosen?.(language);
          }}
        >
          {LANGUAGE_NAMES[language]}
        </button>
      ))}
    </div>
  );
}
