import { registerArea } from '../i18n';
import { authEn } from './en';

/** Sign-in's texts (the login, register and forgot-password chunks import them). */
export const authTexts = registerArea('auth', authEn, async () => (await import('./hi')).authHi);
