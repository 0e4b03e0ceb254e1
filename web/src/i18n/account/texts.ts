import { registerArea } from '../i18n';
import { accountEn } from './en';

/** The account's own screens' texts, registered by the components that show them, wherever they are shown. */
export const accountTexts = registerArea('account', accountEn, async () => (await import('./hi')).accountHi);
