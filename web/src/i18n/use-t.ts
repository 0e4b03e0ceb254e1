import { useLingui } from '@lingui/react';
import { knownKey } from './i18n';
import type { landingEn } from './landing/en';
import type { authEn } from './auth/en';
import type { customerEn } from './customer/en';
import type { accountEn } from './account/en';

/** Every text's key, from the English catalogues: a key that is not there does not compile. */
export type TextKey = Extract<keyof typeof landingEn | keyof typeof authEn | keyof typeof customerEn | keyof typeof accountEn, string>;
export type TextValues = Record<string, string | number>;
export type Translate = (key: TextKey, values?: TextValues) => string;

/** The current language's text for a key; the component renders again when the language changes. */
export function useT(): Translate {
  const { i18n } = useLingui();
  return (key, values) => i18n._(key, values);
}

/**
 * A sentence from the server or the specification's checks, in the current language when a
 * catalogue knows it (its `known.*` entries), else as it came: the API's texts stay English.
 */
export function useSay(): (english: string) => string {
  const { i18n } = useLingui();
  return (english) => {
    const key = knownKey(english);
    return key ? i18n._(key) : english;
  };
}
