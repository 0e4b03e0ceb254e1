import { registerArea } from '../i18n';
import { customerEn } from './en';

/** The customer area's texts; the router shows the area once the current language's are in. */
export const customerTexts = registerArea('customer', customerEn, async () => (await import('./hi')).customerHi);
