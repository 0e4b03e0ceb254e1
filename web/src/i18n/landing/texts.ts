import { registerArea } from '../i18n';
import { landingEn } from './en';

/** The landing's texts, ready once the current language's are in (main.tsx waits for them before the first paint). */
export const landingTexts = registerArea('landing', landingEn, async () => (await import('./hi')).landingHi);
