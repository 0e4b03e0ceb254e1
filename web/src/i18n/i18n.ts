import { setupI18n } from '@lingui/core';
import { compileCatalog, type Catalog } from './compile';

/**
 * The app's languages (decision 0036): English, the source, whose texts are the specification's,
 * and Hindi. Each area (the landing, sign-in, the customer area) has one catalogue per language;
 * English comes with the area's code, Hindi is fetched only when someone reads Hindi.
 */
export const LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];
export const isLanguage = (value: unknown): value is Language => value === 'en' || value === 'hi';

/** Each language named in itself, as the switch offers it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', hi: 'हिन्दी' };

/** The choice made before signing in, on this browser (a signed-in customer's is on the server too). */
const STORAGE_KEY = 'language';

export const i18n = setupI18n();

interface Area {
  english: Catalog;
  hindi: () => Promise<Catalog>;
  englishLoaded: Promise<void>;
  hindiLoaded?: Promise<void>;
}
const areas = new Map<string, Area>();

function storedLanguage(): Language {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return isLanguage(stored) ? stored : 'en';
  } catch {
    return 'en';
  }
}

let current: Language = storedLanguage();
/** While a desk (admin, compliance: English only) is shown, whatever the chosen language (english-only.tsx). */
let englishOnly = false;

export const currentLanguage = (): Language => current;
const shownLanguage = (): Language => (englishOnly ? 'en' : current);

/** Intl's locale for a language: Indian English and Hindi (India), both grouping lakhs and crores. */
export const intlLocale = (language: Language = shownLanguage()) => (language === 'hi' ? 'hi-IN' : 'en-IN');

/**
 * The desks are English only: their dates and <html lang> are English while one is shown, and the
 * chosen language comes back when it goes. `activate` is false during a render (Lingui's provider
 * must not be told then).
 */
export function enterEnglishOnly(activate = true): void {
  englishOnly = true;
  document.documentElement.lang = 'en';
  if (activate && i18n.locale !== 'en') i18n.activate('en');
}

export function leaveEnglishOnly(): void {
  englishOnly = false;
  document.documentElement.lang = current;
  if (i18n.locale !== current) i18n.activate(current);
}

function loadHindi(area: Area): Promise<void> {
  area.hindiLoaded ??= area.englishLoaded
    .then(() => area.hindi())
    .then((hindi) => compileCatalog(hindi).all)
    .then((hindi) => i18n.load('hi', hindi))
    .catch((error: unknown) => {
      // A catalogue that failed to arrive (offline, a deploy) is asked for again next time; English stands in meanwhile.
      area.hindiLoaded = undefined;
      throw error;
    });
  return area.hindiLoaded;
}

/**
 * An area's texts: English at once (and under Hindi too, so a text not yet fetched reads in English
 * rather than as its key), Hindi fetched when it is the language. Resolves once the texts of the
 * current language are in.
 */
export async function registerArea(name: string, english: Catalog, hindi: () => Promise<Catalog>): Promise<void> {
  if (areas.has(name)) return current === 'hi' ? loadHindi(areas.get(name)!) : undefined;
  // English at once (what needs no parser: every text of the landing), so a first render has its words;
  // the rest once the parser has come, and Hindi after it, so English never overwrites a translation.
  const { now, all } = compileCatalog(english);
  i18n.load({ en: now, hi: now });
  const englishLoaded = all.then((compiled) => {
    if (compiled !== now) i18n.load({ en: compiled, hi: compiled });
  });
  const area: Area = { english, hindi, englishLoaded };
  areas.set(name, area);
  await englishLoaded;
  if (current === 'hi') await loadHindi(area);
}

/** The key of a `known.*` sentence (the server's or the specification's checks' words) from its English, if a catalogue has it. */
export function knownKey(english: string): string | undefined {
  for (const area of areas.values()) {
    for (const [key, text] of Object.entries(area.english)) if (key.startsWith('known.') && text === english) return key;
  }
  return undefined;
}

/** Shows the app in `language` once its texts for every area opened so far are in; remembered on this browser. */
export async function setLanguage(language: Language): Promise<void> {
  current = language;
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Private modes may refuse storage: the choice holds for this page.
  }
  if (!englishOnly) document.documentElement.lang = language;
  if (language === 'hi') await Promise.all([...areas.values()].map(loadHindi));
  if (current === language && !englishOnly) i18n.activate(language);
}

// The language the page starts in, on <html lang> before anything is shown; texts come with each area.
document.documentElement.lang = current;
i18n.load({ en: {}, hi: {} });
i18n.activate(current);
